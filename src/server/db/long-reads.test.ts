import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { asLongRead, LONG_READS_AT_ONCE } from './long-reads.js';
import { POOLED_CONNECTIONS } from './connection.js';
import type { Database } from './schema.js';

// Kysely's recipe for building queries without a database: `asLongRead` only asks which one it is.
const sqlite = new Kysely<Database>({
  dialect: { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler() },
});
const postgres = new Kysely<Database>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() },
});

/** `count` long reads begun at once, each running until it is ended: which have begun, and the most that ran at once. */
function longReads(db: Kysely<Database>, count: number) {
  const begun: number[] = [];
  const endings: (() => void)[] = [];
  let running = 0;
  const state = { begun, mostAtOnce: 0 };
  const done = Array.from({ length: count }, (_, i) =>
    asLongRead(db, async () => {
      begun.push(i);
      running += 1;
      state.mostAtOnce = Math.max(state.mostAtOnce, running);
      await new Promise<void>((resolve) => (endings[i] = resolve));
      running -= 1;
      return i;
    }),
  );
  return { state, end: (i: number) => endings[i]!(), done: Promise.all(done) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('long reads', () => {
  it('on PostgreSQL, hold at most a few of the pooled connections at once; the others go on in the order they came', async () => {
    expect(LONG_READS_AT_ONCE).toBeGreaterThan(0);
    expect(LONG_READS_AT_ONCE).toBeLessThanOrEqual(POOLED_CONNECTIONS / 2);
    const total = LONG_READS_AT_ONCE + 3;
    const { state, end, done } = longReads(postgres, total);
    await settle();
    expect(state.begun).toEqual(upTo(LONG_READS_AT_ONCE));
    end(1);
    await settle();
    expect(state.begun).toEqual([...upTo(LONG_READS_AT_ONCE), LONG_READS_AT_ONCE]);
    // The rest, each ended once it has begun.
    for (let k = 0; k < total; k++) {
      if (state.begun[k] === 1) continue;
      end(state.begun[k]!);
      await settle();
    }
    expect(await done).toEqual(upTo(total));
    expect(state.begun).toEqual(upTo(total));
    expect(state.mostAtOnce).toBe(LONG_READS_AT_ONCE);
  });

  it('on SQLite, one connection used one statement at a time, all begin at once', async () => {
    const { state, end, done } = longReads(sqlite, LONG_READS_AT_ONCE + 3);
    await settle();
    expect(state.begun).toEqual(upTo(LONG_READS_AT_ONCE + 3));
    for (let i = 0; i < LONG_READS_AT_ONCE + 3; i++) end(i);
    await done;
  });

  it('on PostgreSQL, a read that fails gives its place to the next', async () => {
    const failing = asLongRead(postgres, () => Promise.reject(new Error('the database went away')));
    await expect(failing).rejects.toThrow('the database went away');
    const { state, end, done } = longReads(postgres, LONG_READS_AT_ONCE);
    await settle();
    expect(state.begun).toEqual(upTo(LONG_READS_AT_ONCE));
    for (let i = 0; i < LONG_READS_AT_ONCE; i++) end(i);
    await done;
  });
});
