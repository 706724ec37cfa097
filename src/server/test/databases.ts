/**
 * Fresh, real databases for tests: an SQLite file in a temp folder, or, when TEST_POSTGRES_URL points at
 * a PostgreSQL server (npm test starts a throwaway one), a new database created there. One helper for the
 * in-process test servers (harness.ts) and the server processes of the system tests (system/processes.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseDatabaseUrl } from '../config.js';
import { connect, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoShippingAndTax } from '../seed/seed.js';

export const databaseKind: 'sqlite' | 'postgres' = process.env.TEST_POSTGRES_URL ? 'postgres' : 'sqlite';

export interface TestDatabase {
  url: string;
  kind: 'sqlite' | 'postgres';
  /** A connection of the test's own (not a server's), for setting up and checking rows directly. */
  db: Db;
  /** Closes the test's connection and deletes the database. */
  drop: () => Promise<void>;
}

/**
 * A new database, migrated and given the demo shop's shipping zones and tax rates unless `migrate: false`
 * (then the first server to start migrates it, and the test seeds what it needs);
 * `kind` defaults to PostgreSQL when TEST_POSTGRES_URL is set.
 */
export async function freshDatabase(
  { kind = databaseKind, migrate = true }: { kind?: 'sqlite' | 'postgres'; migrate?: boolean } = {},
): Promise<TestDatabase> {
  let url: string;
  let remove: () => Promise<void>;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'partsmith-system-'));
    url = join(dir, 'shop.db');
    remove = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const adminUrl = process.env.TEST_POSTGRES_URL;
    if (!adminUrl) throw new Error('PostgreSQL asked for, but TEST_POSTGRES_URL is not set');
    const name = `system_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    remove = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const db = connect(parseDatabaseUrl(url));
  if (migrate) {
    await migrateToLatest(db);
    await seedDemoShippingAndTax(db.kysely);
  }
  return {
    url,
    kind,
    db,
    drop: async () => {
      await db.kysely.destroy().catch(() => undefined);
      await remove();
    },
  };
}
