/**
 * Demo accounts exist only for a trial on one's own machine, each install with a password of its own,
 * printed once: never next to an operator's admin (ADMIN_EMAIL) or on a server others can reach.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.js';
import { loadConfig } from '../config.js';
import { freshDatabase, type TestDatabase } from '../test/databases.js';
import { databaseKind } from '../test/harness.js';
import { findActiveUserByEmail } from '../users/service.js';
import { demoAccounts } from './demo-data.js';
import { ensureAdmin, ensureDemoAccounts } from './seed.js';

const DEMO_EMAILS = Object.values(demoAccounts).map((account) => account.email);

describe(`demo accounts (${databaseKind})`, () => {
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const database of databases.splice(0)) await database.drop();
  });

  /** Starts as main.ts does (the operator's admin, then the demo accounts); answers what the log said. */
  async function start(database: TestDatabase, env: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    const said = (...args: unknown[]) => lines.push(String(args.at(-1)));
    const log = { info: said, warn: said } as unknown as FastifyBaseLogger;
    const config = loadConfig({ NODE_ENV: 'development', DATABASE_URL: database.url, ...env });
    if (config.admin) await ensureAdmin(database.db.kysely, config.admin, log);
    await ensureDemoAccounts(database.db.kysely, config, log);
    return lines;
  }
  const newDatabase = async () => {
    const database = await freshDatabase();
    databases.push(database);
    return database;
  };
  const demoUsers = async (database: TestDatabase) =>
    (await Promise.all(DEMO_EMAILS.map((email) => findActiveUserByEmail(database.db.kysely, email)))).filter((user) => user !== undefined);
  const printedPassword = (lines: string[]) => lines.join('\n').match(/admin@partsmith\.example \/ password (\S+)/)?.[1];

  it('with ADMIN_EMAIL set, creates none, and removes those a trial start left', async () => {
    const database = await newDatabase();
    await start(database, { HOST: '127.0.0.1' });
    expect(await demoUsers(database)).toHaveLength(2);
    await start(database, { HOST: '127.0.0.1', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password' });
    expect(await demoUsers(database)).toEqual([]);

    const fresh = await newDatabase();
    await start(fresh, { HOST: '127.0.0.1', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password' });
    expect(await demoUsers(fresh)).toEqual([]);
    expect((await findActiveUserByEmail(fresh.db.kysely, 'owner@example.com'))?.role).toBe('admin');
  });

  it('on a server others can reach (HOST=0.0.0.0), creates none', async () => {
    const database = await newDatabase();
    const lines = await start(database, { HOST: '0.0.0.0' });
    expect(await demoUsers(database)).toEqual([]);
    expect(lines.join('\n')).not.toContain('password');
  });

  it('on loopback, gives each install a random password, printed once, that signs in', async () => {
    const first = await newDatabase();
    const second = await newDatabase();
    const firstLines = await start(first, { HOST: 'localhost' });
    const password = printedPassword(firstLines);
    const otherPassword = printedPassword(await start(second, { HOST: '::1' }));
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(otherPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(password).not.toBe(otherPassword);

    const [admin, customer] = await Promise.all(DEMO_EMAILS.map((email) => findActiveUserByEmail(first.db.kysely, email)));
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(password!, admin!.password_hash!)).toBe(true);
    expect(await verifyPassword(password!, customer!.password_hash!)).toBe(true);
    expect(await verifyPassword('partsmith-admin', admin!.password_hash!)).toBe(false);

    const again = await start(first, { HOST: 'localhost' });
    expect(again.join('\n')).not.toContain(password!);
  });

  it('takes DEMO_PASSWORD when it is set', async () => {
    const database = await newDatabase();
    expect(printedPassword(await start(database, { HOST: '127.0.0.1', DEMO_PASSWORD: 'trial-password' }))).toBe('trial-password');
    const admin = await findActiveUserByEmail(database.db.kysely, demoAccounts.admin.email);
    expect(await verifyPassword('trial-password', admin!.password_hash!)).toBe(true);
  });
});
