/**
 * `npm run backup`: a consistent copy of the SQLite database while a server process takes orders.
 * SQLite only (a PostgreSQL shop uses pg_dump; the script says so, checked here on both passes).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import { checkInvariants, insertProduct } from './invariants.js';
import {
  databaseKind,
  freshDatabase,
  killAllServers,
  REPO_ROOT,
  registerThrough,
  request,
  type ServerProcess,
  startServer,
  type TestDatabase,
} from './processes.js';
import { TEST_ADDRESS } from '../test/harness.js';

/** Runs the backup script (through npm, as an operator would) and collects its output. */
function runBackup(args: string[], env: Record<string, string>, cwd = REPO_ROOT, viaNpm = true) {
  const [command, argv] = viaNpm
    ? ['npm', ['run', '--silent', 'backup', '--', ...args]]
    : [process.execPath, [join(REPO_ROOT, 'scripts/backup.mjs'), ...args]];
  return new Promise<{ code: number | null; out: string; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn(command, argv, { cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? tmpdir(), ...env } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, ms: Date.now() - started }));
  });
}

const openCopy = (file: string) => {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  return { sqlite, db: { kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' as const } };
};

describe('npm run backup on PostgreSQL', () => {
  it('refuses, names pg_dump and exits non-zero', async () => {
    const result = await runBackup([], { DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop' }, REPO_ROOT, false);
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/pg_dump/);
  });
});

describe.runIf(databaseKind === 'sqlite')('npm run backup: an online, consistent SQLite snapshot', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let folder: string;
  const initialStock = new Map<number, number>();

  beforeAll(async () => {
    database = await freshDatabase({ kind: 'sqlite' });
    folder = mkdtempSync(join(tmpdir(), 'partsmith-backups-'));
    for (let i = 0; i < 2; i++) {
      const id = await insertProduct(database.db, { name: `Backup part ${i}`, stock: 100_000, min: 1 });
      initialStock.set(id, 100_000);
    }
    server = await startServer({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await killAllServers();
    await database?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('copies the database while the server takes orders: integrity ok, every earlier order in it, the ledger balanced', async () => {
    const customers = await Promise.all([0, 1, 2].map(() => registerThrough(server.url)));
    const [first, second] = [...initialStock.keys()];
    const order = (i: number) =>
      request(server.url, 'POST', '/api/orders', {
        token: customers[i % 3]!.token,
        body: { productId: i % 2 ? first : second, quantity: 1 + (i % 5), phone: '5550100', shippingAddress: TEST_ADDRESS },
      });
    // Orders that exist before the backup starts (few enough to be still in SQLite's write-ahead log,
    // not yet checkpointed into the main file: a plain file copy would miss them)…
    const before = await Promise.all(Array.from({ length: 30 }, (_, i) => order(i)));
    expect(before.every((a) => a.status === 201)).toBe(true);

    // …and a stream of orders (cancelling every 7th) for as long as the backup runs.
    let running = true;
    const during: number[] = [];
    // At a steady pace, not flat out: a flood would fill the log and make the server checkpoint it.
    const load = Promise.all(
      Array.from({ length: 3 }, async (_, lane) => {
        for (let i = 1000 + lane; running; i += 3) {
          await new Promise((r) => setTimeout(r, 15));
          const answer = await order(i);
          expect(answer.status).toBe(201);
          during.push(Number(answer.body._id));
          if (i % 7 === 0) expect((await request(server.url, 'DELETE', `/api/orders/${answer.body._id}`, { token: customers[i % 3]!.token })).status).toBe(200);
        }
      }),
    );
    while (during.length < 6) await new Promise((r) => setTimeout(r, 5));
    const target = join(folder, 'nightly', 'shop-copy.db');
    const backup = await runBackup([target], { DATABASE_URL: `sqlite:${database.url}` });
    running = false;
    await load;

    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/backup written: .*shop-copy\.db .*integrity ok/);
    expect(readdirSync(join(folder, 'nightly'))).toEqual(['shop-copy.db']); // no partial file left, no -wal/-shm

    const copy = openCopy(target);
    try {
      expect(copy.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set((await copy.db.kysely.selectFrom('orders').select('id').execute()).map((r) => r.id));
      // Opened and read, the copy is still one file: nothing must travel beside it to restore it.
      expect(readdirSync(join(folder, 'nightly'))).toEqual(['shop-copy.db']);
      for (const answer of before) expect(ids.has(Number(answer.body._id))).toBe(true);
      // One instant of the shop: every order in it has its events, and stock + reserved + sold adds up.
      const report = await checkInvariants(copy.db, initialStock);
      expect(report.violations).toEqual([]);
      const total = await database.db.kysely.selectFrom('orders').select('id').execute();
      expect(report.orders).toBeGreaterThanOrEqual(before.length);
      expect(report.orders).toBeLessThanOrEqual(total.length);
      console.info(
        `[backup] ${backup.ms} ms while the shop took ${during.length} more orders: the copy has ${report.orders} orders ` +
          `(all ${before.length} from before), the live database ${total.length}; integrity ok, ledgers balanced`,
      );
    } finally {
      await copy.db.kysely.destroy();
    }
    // The live database is untouched and sound too.
    expect((await checkInvariants(database.db, initialStock)).violations).toEqual([]);
  });

  it('by default writes backups/shop-<timestamp>.db, never overwrites, and refuses a missing database', async () => {
    const cwd = join(folder, 'default');
    rmSync(cwd, { recursive: true, force: true });
    mkdirSync(cwd, { recursive: true });
    const made = await runBackup([], { DATABASE_URL: database.url }, cwd, false);
    expect(made.code, made.out).toBe(0);
    const files = readdirSync(join(cwd, 'backups'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^shop-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.db$/);

    const again = await runBackup([join(cwd, 'backups', files[0]!)], { DATABASE_URL: database.url }, cwd, false);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/not overwriting/);

    const missing = await runBackup([join(cwd, 'x.db')], { DATABASE_URL: join(cwd, 'nope', 'shop.db') }, cwd, false);
    expect(missing.code).toBe(1);
    expect(existsSync(join(cwd, 'nope'))).toBe(false);
    expect(existsSync(join(cwd, 'x.db'))).toBe(false);
  });
});
