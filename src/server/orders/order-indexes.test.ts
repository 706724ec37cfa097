import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';
import { queryPlan } from '../test/query-plans.js';
import { orderByIdempotencyKey } from './service.js';

/** What placing an order writes into the order indexes, and how a retry finds its order. */
describe(`order indexes (${databaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  const definitionOf = async (index: string) => {
    const k = database.db.kysely;
    const query =
      database.kind === 'sqlite'
        ? sql<{ definition: string }>`select sql as definition from sqlite_master where name = ${index}`
        : sql<{ definition: string }>`select indexdef as definition from pg_indexes where indexname = ${index}`;
    return (await query.execute(k)).rows[0]?.definition;
  };

  it('keeps only the orders placed with an idempotency key in its unique index', async () => {
    const definition = await definitionOf('orders_idempotency');
    expect(definition).toMatch(/unique index/i);
    expect(definition).toMatch(/where \(?"?idempotency_key"? is not null\)?/i);
  });

  it('keeps only paid orders in the sales overview index', async () => {
    expect(await definitionOf('orders_paid')).toMatch(/where \(?"?invoiced_at"? is not null\)?/i);
  });

  it('keeps only invoiced orders in the invoice numbers\' unique index', async () => {
    const definition = await definitionOf('orders_invoice_number');
    expect(definition).toMatch(/unique index/i);
    expect(definition).toMatch(/where \(?"?invoice_number"? is not null\)?/i);
  });

  it('keeps no index of the orders by their first part (queries by part read the lines)', async () => {
    expect(await definitionOf('orders_product')).toBeUndefined();
    expect(await definitionOf('order_lines_product')).toBeDefined();
  });

  it('finds a retried order by the idempotency keys\' index', async () => {
    const plan = await queryPlan(database.db, (db) => orderByIdempotencyKey(db, 7, 'retry-1'));
    expect(plan).toContain('orders_idempotency');
  });
});
