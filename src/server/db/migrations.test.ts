import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';
import { migrateToLatest, migrateUpTo } from './migrate.js';

describe(`migrating a shop's existing orders (${databaseKind})`, () => {
  let database: TestDatabase;
  let k: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the tables as they were before 012

  beforeAll(async () => {
    database = await freshDatabase({ migrate: false });
    await migrateUpTo(database.db, '011-fitment');
    k = database.db.kysely as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const at = (day: number) => `2026-0${day}-01T10:00:00.000Z`;
    const stamps = { created_at: at(1), updated_at: at(1) };
    await k.insertInto('users').values({ name: 'Old Buyer', email: 'old@example.com', role: 'user', phone: '', address: '', ...stamps }).execute();
    await k
      .insertInto('products')
      .values({ name: 'Old Part', description: 'd', img: '/images/products/tire.svg', price_cents: 1250, stock: 100, min_quantity: 1, sku: 'OP-1', sku_key: 'OP1', ...stamps })
      .execute();
    const order = (status: string) => ({
      user_id: 1, product_id: 1, customer_name: 'Old Buyer', email: 'old@example.com', product_name: 'Old Part', product_sku: 'OP-1',
      unit_price_cents: 1250, quantity: 4, phone: '5550100', address: '1 Old Road', status, transaction_id: status === 'not paid' ? null : `pi_${status}`, ...stamps,
    });
    await k.insertInto('orders').values([order('pending'), order('shipped'), order('not paid')]).execute();
    // Order 1 was paid in May, order 2 in March (then shipped): the invoices follow the payments.
    const event = (orderId: number, from: string | null, to: string, day: number) => ({
      order_id: orderId, from_status: from, to_status: to, actor: 'payment', created_at: at(day), updated_at: at(day),
    });
    await k.insertInto('order_events').values([event(1, 'not paid', 'pending', 5), event(2, 'not paid', 'pending', 3), event(2, 'pending', 'shipped', 4)]).execute();
    await migrateToLatest(database.db);
  });
  afterAll(() => database.drop());

  it('makes every order an order of one line, totalled', async () => {
    const lines = await k.selectFrom('order_lines').select(['order_id', 'product_id', 'quantity', 'unit_price_cents', 'list_price_cents', 'product_sku']).orderBy('order_id').execute();
    expect(lines).toEqual([1, 2, 3].map((id) => ({ order_id: id, product_id: 1, quantity: 4, unit_price_cents: 1250, list_price_cents: 1250, product_sku: 'OP-1' })));
    const orders = await k.selectFrom('orders').select(['id', 'total_cents', 'line_count']).orderBy('id').execute();
    expect(orders.map((o) => [o.id, Number(o.total_cents), Number(o.line_count)])).toEqual([[1, 5000, 1], [2, 5000, 1], [3, 5000, 1]]);
  });

  it('gives the orders placed before the tax was split a share of 0 everywhere (they charged no tax)', async () => {
    const lines = await k.selectFrom('order_lines').select(['tax_cents', 'core_tax_cents']).execute();
    expect(lines.map((line) => [Number(line.tax_cents), Number(line.core_tax_cents)])).toEqual([[0, 0], [0, 0], [0, 0]]);
    const orders = await k.selectFrom('orders').select(['tax_cents', 'shipping_tax_cents']).execute();
    expect(orders.map((order) => [Number(order.tax_cents), Number(order.shipping_tax_cents)])).toEqual([[0, 0], [0, 0], [0, 0]]);
  });

  it('invoices the orders already paid, in the order they were paid, and goes on from there', async () => {
    const orders = await k.selectFrom('orders').select(['id', 'invoice_number', 'invoiced_at']).orderBy('id').execute();
    expect(orders).toEqual([
      { id: 1, invoice_number: 2, invoiced_at: '2026-05-01T10:00:00.000Z' },
      { id: 2, invoice_number: 1, invoiced_at: '2026-03-01T10:00:00.000Z' },
      { id: 3, invoice_number: null, invoiced_at: null },
    ]);
    const { last } = await k.selectFrom('invoice_sequence').select('last').executeTakeFirstOrThrow();
    expect(Number(last)).toBe(2);
    expect(Number((await sql<{ n: number }>`select count(*) as n from invoice_sequence`.execute(k)).rows[0]!.n)).toBe(1);
  });

  it('gives the order shipped before shipments were recorded its one parcel of every unit, when its history says it shipped (057)', async () => {
    const shipments = await k.selectFrom('shipments').select(['id', 'order_id', 'number', 'carrier', 'tracking_number', 'tracking_url', 'shipped_at', 'shipped_by']).execute();
    expect(shipments).toEqual([{ id: 1, order_id: 2, number: 1, carrier: 'Other', tracking_number: '', tracking_url: null, shipped_at: '2026-04-01T10:00:00.000Z', shipped_by: null }]);
    const lines = await k.selectFrom('shipment_lines').select(['shipment_id', 'order_line_id', 'product_id', 'quantity']).execute();
    expect(lines).toEqual([{ shipment_id: 1, order_line_id: 2, product_id: 1, quantity: 4 }]);
    const shipped = await k.selectFrom('order_lines').select(['order_id', 'shipped_quantity']).orderBy('order_id').execute();
    expect(shipped.map((line) => [line.order_id, Number(line.shipped_quantity)])).toEqual([[1, 0], [2, 4], [3, 0]]);
    expect(Number((await k.selectFrom('shipment_sequence').select('last').executeTakeFirstOrThrow()).last)).toBe(1);
  });

  it('keeps every invoice number unique, and any number of orders without one', async () => {
    await expect(k.updateTable('orders').set({ invoice_number: 2 }).where('id', '=', 3).execute()).rejects.toThrow(/unique|duplicate/i);
    await k.insertInto('orders').values({ ...(await k.selectFrom('orders').selectAll().where('id', '=', 3).executeTakeFirstOrThrow()), id: undefined }).execute();
    const unnumbered = await k.selectFrom('orders').select('id').where('invoice_number', 'is', null).execute();
    expect(unnumbered).toHaveLength(2);
  });
});

describe(`the search index after migrating (${databaseKind})`, () => {
  let database: TestDatabase;
  let k: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- raw tables
  const stamps = { created_at: '2026-01-01T10:00:00.000Z', updated_at: '2026-01-01T10:00:00.000Z' };
  const part = (name: string, sku: string) => ({ name, description: 'd', img: '/images/products/tire.svg', price_cents: 1250, stock: 100, min_quantity: 1, sku, sku_key: sku.replace('-', ''), ...stamps });
  const found = async (word: string) => {
    const rows =
      databaseKind === 'postgres'
        ? await sql<{ id: number }>`select id from products where search_vector @@ to_tsquery('english', ${word}) order by id`.execute(k)
        : await sql<{ id: number }>`select rowid as id from product_search where product_search match ${word} order by rowid`.execute(k);
    return rows.rows.map((row) => Number(row.id));
  };

  beforeAll(async () => {
    database = await freshDatabase({ migrate: false });
    await migrateUpTo(database.db, '016-inbox');
    k = database.db.kysely as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    await k.insertInto('products').values(part('Alternator Before', 'AB-1')).execute();
    await migrateToLatest(database.db);
  });
  afterAll(() => database.drop());

  it('keeps what was indexed, indexes new parts and renames, and leaves it alone when only stock changes', async () => {
    expect(await found('alternator')).toEqual([1]);
    await k.insertInto('products').values(part('Radiator After', 'RA-2')).execute();
    expect(await found('radiator')).toEqual([2]);
    await k.updateTable('products').set({ name: 'Radiator Renamed' }).where('id', '=', 1).execute();
    expect(await found('alternator')).toEqual([]);
    expect(await found('radiator')).toEqual([1, 2]);
    await k.updateTable('products').set({ stock: sql`stock - 1` }).where('id', '=', 2).execute();
    expect(await found('radiator')).toEqual([1, 2]);
  });

  it('finds a word by its first two or three characters, as by any longer beginning', async () => {
    await k.insertInto('products').values(part('Radiator Cap', 'RC-3')).execute();
    for (const beginning of ['ra', 'rad', 'radi']) expect(await found(databaseKind === 'postgres' ? `${beginning}:*` : `${beginning}*`), beginning).toEqual([1, 2, 3]);
  });
});
