import Database from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';
import { indexNewOrders, notYetIndexed } from './search-index.js';
import { type ChangedBy, insertPastOrders, type PastOrder } from './service.js';

const byCustomer: ChangedBy = { actor: 'customer', user: null };

/** One order of one line of `part`, placed by `customer` `minute` minutes into 1 May 2024. */
function onePastOrder(o: { customer: Account; part: number; name: string; email: string; sku: string; minute: number; poNumber: string }): PastOrder {
  return {
    order: { user_id: Number(o.customer.id), customer_name: o.name, email: o.email, phone: '+1 555 0100', address: '1 Main St', po_number: o.poNumber },
    lines: [{ product_id: o.part, product_name: 'Brake Pads', product_sku: o.sku, quantity: 1, unit_price_cents: 1000, list_price_cents: 1000 }],
    placedAt: new Date(Date.UTC(2024, 4, 1) + o.minute * 60_000).toISOString(),
    placedBy: byCustomer,
    moves: [],
  };
}

describe.runIf(databaseKind === 'sqlite')('SQLite: the order search index, brought up to date in batches', () => {
  let server: TestServer;
  let admin: Account;
  let ids: number[];
  let part: number;
  let customer: Account;

  const pastOrder = (name: string, sku: string, minute: number, poNumber = '') => onePastOrder({ customer, part, name, email: customer.email, sku, minute, poNumber });

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
    customer = await registerCustomer(server.app);
    part = Number(await createProduct(server.app, admin, { name: 'Brake Pads', sku: 'BL-1507' }));
    const past = Array.from({ length: 5 }, (_, i) => pastOrder(`Fleet Buyer ${i}`, 'BL-1507', i, `PO-${i}`));
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
    const late = await insertPastOrders(k, [pastOrder('Late Buyer', 'XY-99', 60)]);
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

  it('takes no write lock when there is nothing new to index', async () => {
    const k = server.db.kysely;
    expect(await indexNewOrders(k)).toBe(0);
    const config = server.config.database;
    if (config.kind !== 'sqlite') throw new Error('an SQLite test');
    const other = new Database(config.file);
    other.exec('BEGIN IMMEDIATE');
    await sql`PRAGMA busy_timeout = 50`.execute(k);
    try {
      expect(await indexNewOrders(k)).toBe(0);
      other.exec('ROLLBACK');
      await insertPastOrders(k, [pastOrder('Locked Out', 'LO-1', 120)]);
      other.exec('BEGIN IMMEDIATE');
      await expect(indexNewOrders(k)).rejects.toThrow(/locked|busy/i);
    } finally {
      other.close();
      await sql`PRAGMA busy_timeout = 5000`.execute(k);
    }
    expect(await indexNewOrders(k)).toBe(1);
  });
});

describe.runIf(databaseKind === 'postgres')('PostgreSQL: the order search indexes keep their pending lists short', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('moves new orders into the trigram indexes every 64 kB, so a search never reads megabytes of them', async () => {
    server = await startTestServer();
    const admin = await registerAdmin(server);
    const customer = await registerCustomer(server.app);
    const part = Number(await createProduct(server.app, admin, { name: 'Brake Pads', sku: 'BL-1507' }));
    const k = server.db.kysely;
    // Each order brings its own trigrams: about 300 bytes in each pending list, some 180 kB in all.
    const past = Array.from({ length: 600 }, (_, i) =>
      onePastOrder({ customer, part, name: `Fleet ${i} Buyer`, email: `buyer${i}@fleet${i}.example`, sku: `BL-${i}`, minute: i, poNumber: `PO-${i}` }),
    );
    await k.transaction().execute((trx) => insertPastOrders(trx, past));

    await sql`create extension if not exists pgstattuple`.execute(k);
    const { rows } = await sql<{ index: string; pending_pages: number }>`
      select c.relname as index, s.pending_pages from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
      cross join lateral pgstatginindex(c.oid::regclass) s
      where am.amname = 'gin' and i.indrelid in ('orders'::regclass, 'order_lines'::regclass)`.execute(k);
    // The search's trigram indexes: the customer's name, e-mail and PO number, and the lines' part numbers.
    expect(rows.length).toBeGreaterThanOrEqual(4);
    // 64 kB is 8 pages of 8 kB; the list is emptied by the insert that takes it past that.
    for (const row of rows) expect(row.pending_pages, row.index).toBeLessThanOrEqual(8);
  });
});
