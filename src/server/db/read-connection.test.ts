import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../test/databases.js';
import { connect } from './connection.js';
import type { Executor } from './schema.js';

/** A transaction that has written `key` and holds SQLite's writer until `end()` is called. */
function openTransaction(db: Executor, key: string) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const done = db.transaction().execute(async (trx) => {
    await trx.insertInto('counters').values({ key, count: 1, reset_at: 0 }).execute();
    wrote();
    await ended;
  });
  return { written, end, done };
}

const keys = (db: Executor) => db.selectFrom('counters').select('key').orderBy('key').execute().then((rows) => rows.map((row) => row.key));

/** What `read` answers within a second, or that it was still waiting then. */
const withinASecond = <T>(read: Promise<T>) => Promise.race([read, sleep(1000).then(() => 'still waiting' as const)]);

describe('the read connection (SQLite)', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase({ kind: 'sqlite' });
    await database.db.kysely.insertInto('counters').values({ key: 'committed', count: 1, reset_at: 0 }).execute();
  });
  afterEach(() => database.drop());

  it('answers a read while a transaction holds the writer, with what is committed', async () => {
    const db = database.db.kysely;
    const open = openTransaction(db, 'uncommitted');
    await open.written;
    const during = await withinASecond(keys(db));
    open.end();
    await open.done;
    expect(during).toEqual(['committed']);
    expect(await keys(db)).toEqual(['committed', 'uncommitted']);
  });

  it('reads a transaction’s own writes inside it', async () => {
    const seen = await database.db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('counters').values({ key: 'inside', count: 1, reset_at: 0 }).execute();
      return keys(trx);
    });
    expect(seen).toEqual(['committed', 'inside']);
  });

  it('writes outside a transaction on the writer, after the transaction that holds it', async () => {
    const db = database.db.kysely;
    const open = openTransaction(db, 'first');
    await open.written;
    const write = db.insertInto('counters').values({ key: 'second', count: 1, reset_at: 0 }).execute();
    expect(await withinASecond(write)).toBe('still waiting');
    open.end();
    await Promise.all([open.done, write]);
    expect(await keys(db)).toEqual(['committed', 'first', 'second']);
  });

  it('streams rows on the writer, and lets the next user in after the stream', async () => {
    const db = database.db.kysely;
    const streamed: string[] = [];
    for await (const row of db.selectFrom('counters').select('key').stream()) streamed.push(row.key);
    expect(streamed).toEqual(['committed']);
    await db.insertInto('counters').values({ key: 'after', count: 1, reset_at: 0 }).execute();
    expect(await keys(db)).toEqual(['after', 'committed']);
  });

  it('runs a select that fails on the read connection with its error', async () => {
    await expect(database.db.kysely.selectFrom('no_such_table' as 'counters').selectAll().execute()).rejects.toThrow(/no such table/);
  });

  it('keeps one connection for a database no other connection can open (in memory, or SQLite’s temporary file)', async () => {
    for (const file of [':memory:', '']) {
      const { kysely } = connect({ kind: 'sqlite', file });
      await kysely.schema.createTable('counters').addColumn('key', 'text').addColumn('count', 'integer').addColumn('reset_at', 'integer').execute();
      await kysely.insertInto('counters').values({ key: file, count: 1, reset_at: 0 }).execute();
      expect(await keys(kysely)).toEqual([file]);
      await kysely.destroy();
    }
  });
});
