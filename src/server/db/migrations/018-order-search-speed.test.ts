import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOrders } from '../../orders/listing.js';
import { databaseKind, freshDatabase, type TestDatabase } from '../../test/databases.js';
import { migrateToLatest, migrateUpTo } from '../migrate.js';

describe(`order search indexes on a shop with orders (${databaseKind})`, () => {
  let database: TestDatabase;
  const search = async (q: string) => (await queryOrders(database.db.kysely, { q, limit: 10, timeZone: 'UTC' })).rows.map((row) => row.id);

  beforeAll(async () => {
    database = await freshDatabase({ migrate: false });
    await migrateUpTo(database.db, '017-search-vector-trigger');
    const k = database.db.kysely as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the tables as they were before 018
    const stamps = { created_at: '2026-01-01T10:00:00.000Z', updated_at: '2026-01-01T10:00:00.000Z' };
    await k.insertInto('users').values({ name: 'Old Buyer', email: 'old.buyer@example.com', role: 'user', phone: '', address: '', ...stamps }).execute();
    const part = { product_id: 1, product_name: 'Old Part', product_sku: 'OP-1507', unit_price_cents: 100, quantity: 1 };
    await k
      .insertInto('products')
      .values({ name: 'Old Part', description: 'd', img: '/images/products/tire.svg', price_cents: 100, stock: 9, min_quantity: 1, sku: 'OP-1507', sku_key: 'OP1507', ...stamps })
      .execute();
    const order = { user_id: 1, customer_name: 'Old Buyer', email: 'old.buyer@example.com', phone: '', address: '', status: 'not paid', total_cents: 100, line_count: 1, ...part, ...stamps };
    await k.insertInto('orders').values([{ ...order, po_number: 'PO-77' }, { ...order, po_number: '' }]).execute();
    await k.insertInto('order_lines').values({ ...part, order_id: 2, list_price_cents: 100 }).execute();
    await migrateToLatest(database.db);
  });
  afterAll(() => database.drop());

  it('finds the orders placed before it by name, e-mail, PO number and part number', async () => {
    expect(await search('old buy')).toEqual([2, 1]);
    expect(await search('BUYER@EXAMPLE')).toEqual([2, 1]);
    expect(await search('po-77')).toEqual([1]);
    expect(await search('op 150')).toEqual([2]);
  });

  it('finds orders written after it, and a changed name by its new spelling only', async () => {
    const k = database.db.kysely;
    const stamps = { created_at: '2026-02-01T10:00:00.000Z', updated_at: '2026-02-01T10:00:00.000Z' };
    const line = { product_id: 1, product_name: 'Old Part', product_sku: 'NW-2024', unit_price_cents: 100, quantity: 1 };
    const { id } = await k
      .insertInto('orders')
      .values({ user_id: 1, customer_name: 'New Buyer', email: 'new@example.com', phone: '', address: '', status: 'not paid', total_cents: 100, line_count: 1, idempotency_key: null, transaction_id: null, invoice_number: null, invoiced_at: null, ...line, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k.insertInto('order_lines').values({ ...line, order_id: id, list_price_cents: 100 }).execute();
    expect(await search('nw2024')).toEqual([id]);
    expect(await search('new buyer')).toEqual([id]);
    await k.updateTable('orders').set({ customer_name: 'Renamed Buyer' }).where('id', '=', id).execute();
    expect(await search('new buyer')).toEqual([]);
    expect(await search('renamed')).toEqual([id]);
  });
});
