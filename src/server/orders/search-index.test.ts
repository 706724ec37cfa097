import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';
import { indexNewOrders, notYetIndexed } from './search-index.js';
import { type ChangedBy, insertPastOrders, type PastOrder } from './service.js';

const byCustomer: ChangedBy = { actor: 'customer', user: null };

describe.runIf(databaseKind === 'sqlite')('SQLite: the order search index, brought up to date in batches', () => {
  let server: TestServer;
  let admin: Account;
  let ids: number[];
  let part: number;

  const indexed = async (table: 'order_search' | 'order_line_search', text: string) =>
    (await sql<{ rowid: number }>`select rowid from ${sql.table(table)} where ${sql.table(table)} match ${`"${text}"`} order by rowid`.execute(server.db.kysely)).rows.map((row) => row.rowid);
  const search = async (q: string) => {
    const response = await call(server.app, 'GET', `/api/orders?q=${encodeURIComponent(q)}&limit=100`, { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: { _id: string }[] }).items.map((order) => Number(order._id)).sort((a, b) => a - b);
  };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    const customer = await registerCustomer(server.app);
    part = Number(await createProduct(server.app, admin, { name: 'Brake Pads', sku: 'BL-1507' }));
    const past: PastOrder[] = Array.from({ length: 5 }, (_, i) => ({
      order: { user_id: Number(customer.id), customer_name: `Fleet Buyer ${i}`, email: `fleet${i}@example.com`, phone: '+1 555 0100', address: '1 Main St', po_number: `PO-${i}` },
      lines: [{ product_id: part, product_name: 'Brake Pads', product_sku: 'BL-1507', quantity: 1, unit_price_cents: 1000, list_price_cents: 1000 }],
      placedAt: new Date(Date.UTC(2024, 4, 1) + i * 60_000).toISOString(),
      placedBy: byCustomer,
      moves: [],
    }));
    ids = (await insertPastOrders(server.db.kysely, past)).map((row) => row.id);
  });
  afterAll(() => server.close());

  it('finds the orders placed since the index was brought up to date, and indexes them a batch at a time', async () => {
    expect(await indexed('order_search', 'fleet buyer')).toEqual([]);
    expect(await search('fleet buyer')).toEqual(ids);
    expect(await search('bl150')).toEqual(ids);

    expect(await indexNewOrders(server.db.kysely, 2)).toBe(2);
    expect(await indexed('order_search', 'fleet buyer')).toEqual(ids.slice(0, 2));
    expect(await indexed('order_line_search', 'BL1507')).toHaveLength(2);
    expect(await search('fleet buyer')).toEqual(ids);
    expect(await search('bl150')).toEqual(ids);

    expect(await indexNewOrders(server.db.kysely, 2)).toBe(2);
    expect(await indexNewOrders(server.db.kysely, 2)).toBe(1);
    expect(await indexNewOrders(server.db.kysely, 2)).toBe(0);
    expect(await indexed('order_search', 'fleet buyer')).toEqual(ids);
    expect(await search('fleet buyer')).toEqual(ids);
    expect(await search('PO-3')).toEqual([ids[3]]);
  });

  it('reads the rows past the watermark by their ids, never the whole table', async () => {
    for (const table of ['orders', 'order_lines'] as const) {
      const { sql: text, parameters } = server.db.kysely.selectFrom(table).select('id').where(notYetIndexed(table, table)).compile();
      const { rows } = await server.db.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`, [...parameters]));
      expect(rows[0]?.detail).toBe(`SEARCH ${table} USING INTEGER PRIMARY KEY (rowid>?)`);
    }
  });

  it('keeps the index in step when an order is renamed or deleted, indexed or not', async () => {
    const k = server.db.kysely;
    const [renamedIndexed, deletedIndexed] = ids;
    await k.updateTable('orders').set({ customer_name: 'Renamed Indexed' }).where('id', '=', renamedIndexed!).execute();
    await k.deleteFrom('order_events').where('order_id', '=', deletedIndexed!).execute();
    await k.deleteFrom('order_lines').where('order_id', '=', deletedIndexed!).execute();
    await k.deleteFrom('orders').where('id', '=', deletedIndexed!).execute();
    const customer = await registerCustomer(server.app, 'Late Buyer');
    const late = await insertPastOrders(k, [
      {
        order: { user_id: Number(customer.id), customer_name: 'Late Buyer', email: customer.email, phone: '', address: '', po_number: '' },
        lines: [{ product_id: part, product_name: 'Brake Pads', product_sku: 'XY-99', quantity: 1, unit_price_cents: 1000, list_price_cents: 1000 }],
        placedAt: new Date(Date.UTC(2024, 4, 2)).toISOString(),
        placedBy: byCustomer,
        moves: [],
      },
    ]);
    const lateId = late[0]!.id;
    await k.updateTable('orders').set({ customer_name: 'Renamed Late' }).where('id', '=', lateId).execute();

    expect(await search('renamed')).toEqual([renamedIndexed, lateId]);
    expect(await search('fleet buyer')).toEqual(ids.slice(2));
    expect(await search('late buyer')).toEqual([]);
    expect(await search('xy99')).toEqual([lateId]);

    expect(await indexNewOrders(k)).toBe(1);
    expect(await search('renamed')).toEqual([renamedIndexed, lateId]);
    expect(await search('fleet buyer')).toEqual(ids.slice(2));
    expect(await search('xy99')).toEqual([lateId]);
    // With rank 1 FTS5 also compares the index with the orders themselves: every row, every value.
    await sql`insert into order_search (order_search, rank) values ('integrity-check', 1)`.execute(k);
    await sql`insert into order_line_search (order_line_search) values ('integrity-check')`.execute(k);
  });
});
