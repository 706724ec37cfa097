import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';
import { preparedForEach, preparedQuery, preparedShapes } from './prepared-query.js';
import { type Executor, now } from './schema.js';

describe(`prepared queries (${databaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  type Counter = { key: string; count: number; reset_at: number };
  let builds = 0;
  const addCounter = preparedQuery<Counter, never>(['key', 'count', 'reset_at'], (db, values) => {
    builds += 1;
    return db.insertInto('counters').values(values);
  });
  const countersAmong = preparedForEach(['key'], (db, items: readonly { key: string }[]) =>
    db.selectFrom('counters').select(['key']).where('key', 'in', items.map((item) => item.key)).orderBy('key'),
  );
  const keysAmong = async (db: Executor, keys: string[]) => (await countersAmong(db, keys.map((key) => ({ key })))).map((row) => row.key);
  const countersFrom = preparedQuery(['least'], (db, { least }: { least: number }) =>
    db.selectFrom('counters').select(['key', 'count']).where('count', '>=', least).orderBy('key'),
  );

  it('runs with the values of each call, built and compiled once', async () => {
    const db = database.db.kysely;
    await addCounter(db, { key: 'prepared-a', count: 1, reset_at: 0 });
    await db.transaction().execute((trx) => addCounter(trx, { key: 'prepared-b', count: 5, reset_at: 0 }));
    await addCounter(db, { key: 'prepared-c', count: 9, reset_at: 0 });
    expect(builds).toBe(1);
    expect((await countersFrom(db, { least: 5 })).rows.map((row) => [row.key, Number(row.count)])).toEqual([['prepared-b', 5], ['prepared-c', 9]]);
    expect((await countersFrom(db, { least: 9 })).rows.map((row) => row.key)).toEqual(['prepared-c']);
  });

  it('refuses a value written into the query, which would be the first run\'s for good', async () => {
    const stamped = preparedQuery(['key'], (db, { key }: { key: string }) => db.updateTable('counters').set({ reset_at: Date.parse(now()) }).where('key', '=', key));
    await expect(stamped(database.db.kysely, { key: 'prepared-a' })).rejects.toThrow(/takes every value from its arguments/);
  });

  it('refuses to return *, whose columns a migration may change under a named statement', async () => {
    const everything = preparedQuery(['key'], (db, { key }: { key: string }) => db.selectFrom('counters').selectAll().where('key', '=', key));
    await expect(everything(database.db.kysely, { key: 'prepared-a' })).rejects.toThrow(/names the columns it returns/);
    const inserted = preparedQuery<Counter, Counter>(['key', 'count', 'reset_at'], (db, values) => db.insertInto('counters').values(values).returningAll());
    await expect(inserted(database.db.kysely, { key: 'prepared-z', count: 1, reset_at: 0 })).rejects.toThrow(/names the columns it returns/);
  });

  it('builds a query over a list once per count of items, each run with its items\' values', async () => {
    const db = database.db.kysely;
    let built = 0;
    const addCounters = preparedForEach<Counter, { key: string; count: number }>(['key', 'count', 'reset_at'], (builder, counters) => {
      built += 1;
      return builder.insertInto('counters').values([...counters]).returning(['key', 'count']);
    });
    const added = await addCounters(db, [{ key: 'each-a', count: 1, reset_at: 0 }, { key: 'each-b', count: 2, reset_at: 0 }]);
    expect(added.map((row) => [row.key, Number(row.count)])).toEqual([['each-a', 1], ['each-b', 2]]);
    await addCounters(db, [{ key: 'each-c', count: 3, reset_at: 0 }, { key: 'each-d', count: 4, reset_at: 0 }]);
    await addCounters(db, [{ key: 'each-e', count: 5, reset_at: 0 }]);
    expect(built).toBe(2);
    expect(await keysAmong(db, ['each-d', 'each-a', 'each-z'])).toEqual(['each-a', 'each-d']);
    expect(await keysAmong(db, ['each-e', 'each-c', 'each-b'])).toEqual(['each-b', 'each-c', 'each-e']);
    await expect(addCounters(db, [{ key: 'each-f', count: undefined as unknown as number, reset_at: 0 }])).rejects.toThrow(/needs count, which its arguments lack/);
  });

  it('refuses a named value the query never uses', async () => {
    const careless = preparedQuery(['key', 'count'], (db, { key }: { key: string; count: number }) => db.selectFrom('counters').select('count').where('key', '=', key));
    await expect(careless(database.db.kysely, { key: 'prepared-a', count: 1 })).rejects.toThrow(/leaves count unused/);
  });
  it('builds a query of several shapes once per shape, each run with its own values', async () => {
    const shapesBuilt: string[] = [];
    const counters = preparedShapes((db, shape: { least: boolean }, { least, key }: { least?: number; key: string }) => {
      shapesBuilt.push(JSON.stringify(shape));
      const byKey = db.selectFrom('counters').select('key').where('key', '>=', key).orderBy('key');
      return shape.least ? byKey.where('count', '>=', least!) : byKey;
    });
    const keys = async (shape: { least: boolean }, args: { least?: number; key: string }) => (await counters(database.db.kysely, shape, args)).rows.map((row) => row.key);
    expect(await keys({ least: true }, { least: 5, key: 'prepared-a' })).toEqual(['prepared-b', 'prepared-c']);
    expect(await keys({ least: false }, { key: 'prepared-b' })).toEqual(['prepared-b', 'prepared-c']);
    expect(await keys({ least: true }, { least: 9, key: 'prepared-a' })).toEqual(['prepared-c']);
    expect(await keys({ least: false }, { key: 'prepared-c' })).toEqual(['prepared-c']);
    expect(shapesBuilt).toEqual(['{"least":true}', '{"least":false}']);
    await expect(keys({ least: true }, { key: 'prepared-a' })).rejects.toThrow(/needs least, which its arguments lack/);
  });
});

