import { Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';
import { preparedCommand, preparedQuery } from './prepared-query.js';
import type { Executor } from './schema.js';

describe(`prepared commands (${databaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  type Counter = { key: string; count: number; reset_at: number };
  const addCounter = preparedCommand<Counter>(['key', 'count', 'reset_at'], (db, values) => db.insertInto('counters').values(values));
  const counterCount = preparedQuery(['key'], (db, { key }: { key: string }) => db.selectFrom('counters').select('count').where('key', '=', key));
  const countOf = async (db: Executor, key: string) => (await counterCount(db, { key })).rows.map((row) => Number(row.count));

  it('takes effect before the statement after it in a transaction, and at once outside one', async () => {
    const db = database.db.kysely;
    const seen = await db.transaction().execute(async (trx) => {
      await addCounter(trx, { key: 'command-a', count: 3, reset_at: 0 });
      await addCounter(trx, { key: 'command-b', count: 4, reset_at: 0 });
      return [...(await countOf(trx, 'command-a')), ...(await countOf(trx, 'command-b'))];
    });
    expect(seen).toEqual([3, 4]);
    await addCounter(db, { key: 'command-c', count: 5, reset_at: 0 });
    expect(await countOf(db, 'command-c')).toEqual([5]);
    await expect(addCounter(db, { key: 'command-c', count: 6, reset_at: 0 })).rejects.toThrow(/unique|UNIQUE/);
  });

  it('fails the statement after it with its own failure, and the transaction with it', async () => {
    const db = database.db.kysely;
    await addCounter(db, { key: 'command-taken', count: 1, reset_at: 0 });
    // A statement no connection has parsed yet, first sent in the trip the failure cuts short.
    const firstRun = preparedQuery(['key'], (db, { key }: { key: string }) => db.selectFrom('counters').select(['key', 'reset_at']).where('key', '=', key));
    await db.connection().execute(async (connection) => {
      const attempt = connection.transaction().execute(async (trx) => {
        await addCounter(trx, { key: 'command-undone', count: 1, reset_at: 0 });
        await addCounter(trx, { key: 'command-taken', count: 2, reset_at: 0 });
        return firstRun(trx, { key: 'command-undone' });
      });
      await expect(attempt).rejects.toThrow(/unique|UNIQUE/);
      expect(await countOf(connection, 'command-undone')).toEqual([]);
      expect(await countOf(connection, 'command-taken')).toEqual([1]);
      const again = await connection.transaction().execute(async (trx) => {
        await addCounter(trx, { key: 'command-after', count: 7, reset_at: 0 });
        return firstRun(trx, { key: 'command-after' });
      });
      expect(again.rows.map((row) => row.key)).toEqual(['command-after']);
    });
  });

  it.runIf(databaseKind === 'postgres')('travels with the statement after it: a transaction of two commands and a read takes two writes to PostgreSQL', async () => {
    const writes = [vi.spyOn(Socket.prototype, '_write'), vi.spyOn(Socket.prototype, '_writev')];
    try {
      const db = database.db.kysely;
      await sql`select 1`.execute(db);
      writes.forEach((spy) => spy.mockClear());
      const seen = await db.transaction().execute(async (trx) => {
        await addCounter(trx, { key: 'trip-a', count: 1, reset_at: 0 });
        await addCounter(trx, { key: 'trip-b', count: 2, reset_at: 0 });
        return countOf(trx, 'trip-b');
      });
      expect(seen).toEqual([2]);
      // begin, both commands and the read in one write; commit in the second.
      expect(writes.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(2);
    } finally {
      writes.forEach((spy) => spy.mockRestore());
    }
  });
});
