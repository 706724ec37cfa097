import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { busyFor } from '../test/busy.js';
import { LONG_READS_MS_PER_TURN, shareTheLoop } from './loop-turns.js';
import type { Database } from './schema.js';

// Kysely's recipe for building queries without a database: `shareTheLoop` only asks which one it is.
const sqlite = new Kysely<Database>({
  dialect: { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler() },
});
const postgres = new Kysely<Database>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() },
});

/** What ran first: a long read that comes after `spent` ms of long reads in this turn, or other work ready for the next turn. */
async function orderAfter(db: Kysely<Database>, spent: number): Promise<string[]> {
  const ran: string[] = [];
  await shareTheLoop(db);
  busyFor(spent);
  setImmediate(() => ran.push('other work'));
  await shareTheLoop(db);
  ran.push('the next long read');
  await nextTurn();
  return ran;
}

describe('long reads share the event loop', () => {
  beforeEach(async () => {
    // Every test starts in a turn of its own.
    await nextTurn();
  });

  it('on SQLite, a long read waits for a later turn once this one has had its share', async () => {
    expect(await orderAfter(sqlite, LONG_READS_MS_PER_TURN + 1)).toEqual(['other work', 'the next long read']);
  });

  it('on SQLite, a long read goes on in this turn while the turn has room', async () => {
    expect(await orderAfter(sqlite, 0)).toEqual(['the next long read', 'other work']);
  });

  it('on PostgreSQL, which answers in its own processes, nothing waits', async () => {
    expect(await orderAfter(postgres, LONG_READS_MS_PER_TURN + 1)).toEqual(['the next long read', 'other work']);
  });

  it('waiting long reads go on in the order they came, one turn each when each takes its share', async () => {
    const ran: string[] = [];
    await shareTheLoop(sqlite);
    busyFor(LONG_READS_MS_PER_TURN + 1);
    const reads = ['first', 'second', 'third'].map(async (read) => {
      await shareTheLoop(sqlite);
      ran.push(read);
      busyFor(LONG_READS_MS_PER_TURN + 1);
      setImmediate(() => ran.push(`turn after ${read}`));
    });
    await Promise.all(reads);
    await nextTurn();
    expect(ran).toEqual(['first', 'turn after first', 'second', 'turn after second', 'third', 'turn after third']);
  });
});
