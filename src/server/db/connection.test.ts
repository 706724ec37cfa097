import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';
import type { Executor } from './schema.js';

const require = createRequire(import.meta.url);

const keys = (db: Executor) => db.selectFrom('counters').select('key').orderBy('key').execute().then((rows) => rows.map((row) => row.key));
const addCounter = (db: Executor, key: string) => db.insertInto('counters').values({ key, count: 1, reset_at: 0 }).execute();

describe(`the database connection (${databaseKind})`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase();
  });
  afterEach(() => database.drop());

  it('commits a transaction whole, and undoes a failed one whole', async () => {
    const db = database.db.kysely;
    await db.transaction().execute(async (trx) => {
      await addCounter(trx, 'a');
      await addCounter(trx, 'b');
    });
    const failed = db.transaction().execute(async (trx) => {
      await addCounter(trx, 'c');
      await addCounter(trx, 'a');
    });
    await expect(failed).rejects.toThrow(/unique|UNIQUE/);
    expect(await keys(db)).toEqual(['a', 'b']);
  });

  it('runs many transactions at once, each whole', async () => {
    const db = database.db.kysely;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await addCounter(trx, `t${String(i).padStart(2, '0')}`);
          if (i % 4 === 0) throw new Error('undone');
        }).catch(() => undefined),
      ),
    );
    expect(await keys(db)).toEqual(Array.from({ length: 20 }, (_, i) => `t${String(i).padStart(2, '0')}`).filter((_, i) => i % 4 !== 0));
  });

  // casefold() is the shop's own SQLite function (SQLite's lower() folds ASCII only; PostgreSQL's folds these).
  it.runIf(databaseKind === 'sqlite')('folds letters beyond ASCII to lower case with casefold(), on the reader and the writer', async () => {
    const db = database.db.kysely;
    const folded = (executor: Executor) => sql<{ folded: string }>`select casefold(${'ÉCROU Straße ÖL'}) as folded`.execute(executor).then(({ rows }) => rows[0]!.folded);
    expect(await folded(db)).toBe('écrou straße öl');
    expect(await db.transaction().execute(folded)).toBe('écrou straße öl');
  });
});

/**
 * Another process that takes SQLite's write lock on `file`, adds a counter 'other' and commits
 * `holdMs` after it said it holds the lock (`holding`).
 */
function otherProcessWriting(file: string, holdMs: number) {
  const script = `
    const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
    const db = new Database(${JSON.stringify(file)});
    db.exec('begin immediate');
    db.prepare("insert into counters (key, count, reset_at) values ('other', 1, 0)").run();
    console.log('holding');
    setTimeout(() => { db.exec('commit'); db.close(); }, ${holdMs});`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const holding = new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the other process ended (${code}) before it held the lock`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { holding, exited };
}

describe('the SQLite connection beside another process', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase({ kind: 'sqlite' });
  });
  afterEach(() => database.drop());

  it('begins a transaction once another process’s write is committed, instead of failing, and sees that write', async () => {
    const db = database.db.kysely;
    const other = otherProcessWriting(database.url, 300);
    await other.holding;
    const seen = await db.transaction().execute(async (trx) => {
      const before = await keys(trx);
      await addCounter(trx, 'mine');
      return before;
    });
    await other.exited;
    expect(seen).toEqual(['other']);
    expect(await keys(db)).toEqual(['mine', 'other']);
  });
});

describe.runIf(databaseKind === 'postgres')('the PostgreSQL pool', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase({ kind: 'postgres' });
  });
  afterEach(() => database.drop());

  it('answers again after the database ended its idle connections', async () => {
    const db = database.db.kysely;
    // Two connections in the pool, then all but the asking one ended by the server.
    await Promise.all([sql`select pg_sleep(0.05)`.execute(db), sql`select pg_sleep(0.05)`.execute(db)]);
    const ended = await sql<{ ended: boolean }>`select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
    expect(ended.rows.length).toBeGreaterThan(0);
    await sleep(100);
    await Promise.all([addCounter(db, 'after-a'), addCounter(db, 'after-b')]);
    expect(await keys(db)).toEqual(['after-a', 'after-b']);
  });
});
