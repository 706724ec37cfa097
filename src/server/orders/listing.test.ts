import { formatOrderNumber } from '../../shared/format.js';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus, PAID_STATUS } from '../../shared/order-status.js';
import { fieldMessages } from '../../shared/schemas.js';
import type { OrderRow } from '../db/schema.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';
import { rareTrigrams, textMatchesPostgres } from './listing.js';
import { conditionsRun } from '../test/query-plans.js';
import { indexNewOrders } from './search-index.js';
import { type ChangedBy, insertPastOrders, type NewOrderLine, type PastOrder } from './service.js';

const HOUR = 3_600_000;
/** New York is four hours behind UTC in May: an order placed at 02:00 UTC on the 3rd is the 2nd's. */
const TIME_ZONE = 'America/New_York';
const localDate = (iso: string) => new Date(Date.parse(iso) - 4 * HOUR).toISOString().slice(0, 10);
const byCustomer: ChangedBy = { actor: 'customer', user: null };

interface Seeded {
  row: OrderRow;
  lines: NewOrderLine[];
}

/** The moves from 'not paid' to a status, as the shop would have made them. */
/** The statuses past orders are written in ('partially shipped' takes a shipment, which no past order has). */
const PAST_STATUSES = ORDER_STATUSES.filter((status) => status !== 'partially shipped' && status !== 'awaiting approval');

function movesTo(status: OrderStatus, at: string): PastOrder['moves'] {
  const paid = { to: PAID_STATUS, at, by: byCustomer, transactionId: `tx-${at}` };
  if (status === 'pending') return [paid];
  if (status === 'shipped') return [paid, { to: 'shipped', at, by: byCustomer }];
  if (status === 'cancelled' || status === 'expired') return [{ to: status, at, by: byCustomer }];
  return [];
}

describe(`Manage All Orders: paging, filters, search, export (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let customers: Account[];
  let seeded: Seeded[];

  const list = (query: string, token = admin.token) => call(server.app, 'GET', `/api/orders?${query}`, { token });
  const idsOf = (orders: Seeded[]) => orders.map((order) => String(order.row.id));
  const newest = (orders: Seeded[]) => idsOf([...orders].sort((a, b) => b.row.id - a.row.id));

  /** Every page of a query, following nextCursor; the ids in the order given. */
  async function allPages(query: string, limit = 7): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { items: { _id: string }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(limit);
      ids.push(...page.items.map((order) => order._id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  beforeAll(async () => {
    server = await startTestServer({ SHOP_TIME_ZONE: TIME_ZONE });
    admin = await registerAdmin(server);
    customers = [
      await registerCustomer(server.app, 'Amy First'),
      await registerCustomer(server.app, 'Bob Stone'),
      await registerCustomer(server.app, 'Cy Other'),
    ];
    const pads = Number(await createProduct(server.app, admin, { name: 'Brake Pads', sku: 'BL-1507' }));
    const filter = Number(await createProduct(server.app, admin, { name: 'Oil Filter', sku: 'OF-220' }));
    const past: PastOrder[] = Array.from({ length: 36 }, (_, i) => {
      const customer = customers[i % 3]!;
      const placedAt = new Date(Date.UTC(2024, 4, 1, 0) + i * 6 * HOUR).toISOString();
      const unit = 1000 * (1 + (i % 4));
      const lines: [NewOrderLine, ...NewOrderLine[]] = [
        { product_id: pads, product_name: 'Brake Pads', product_sku: 'BL-1507', quantity: 1 + (i % 3), unit_price_cents: unit, list_price_cents: unit },
      ];
      if (i % 3 === 0) lines.push({ product_id: filter, product_name: '+Oil Filter', product_sku: 'OF-220', quantity: 2, unit_price_cents: 550, list_price_cents: 550 });
      return {
        order: {
          user_id: Number(customer.id),
          customer_name: customer.name,
          email: customer.email,
          phone: '+1 555 0100',
          address: '1 Main St',
          po_number: i === 5 ? '=SUM(A1)' : i % 4 === 0 ? `PO-${4000 + i}` : '',
        },
        lines,
        placedAt,
        placedBy: byCustomer,
        moves: movesTo(PAST_STATUSES[i % PAST_STATUSES.length]!, placedAt),
      };
    });
    const rows = await insertPastOrders(server.db.kysely, past);
    seeded = rows.map((row, i) => ({ row, lines: [...past[i]!.lines] }));
    // On SQLite every search below reads the index for the older half and compares the newer half itself.
    await indexNewOrders(server.db.kysely, 18);
  });
  afterAll(() => server.close());

  it('pages through every order exactly once in each sort', async () => {
    const byTotal = [...seeded].sort((a, b) => a.row.total_cents - b.row.total_cents || a.row.id - b.row.id);
    expect(await allPages('sort=newest')).toEqual(newest(seeded));
    expect(await allPages('')).toEqual(newest(seeded));
    expect(await allPages('sort=oldest', 5)).toEqual(idsOf([...seeded].sort((a, b) => a.row.id - b.row.id)));
    expect(await allPages('sort=total', 4)).toEqual(idsOf(byTotal));
    expect(await allPages('sort=-total', 4)).toEqual(idsOf([...byTotal].reverse()));
    // Totals tie, so the id must break the tie for a page to continue where the last one ended.
    expect(new Set(seeded.map((order) => order.row.total_cents)).size).toBeLessThan(seeded.length);
  });

  it('answers a page with the orders and their lines, and no cursor after the last', async () => {
    const response = await list('limit=100');
    const page = response.json();
    expect(page.nextCursor).toBeNull();
    expect(page.items).toHaveLength(36);
    const first = seeded.at(-1)!;
    expect(page.items[0]).toMatchObject({ _id: String(first.row.id), lines: first.lines.map((line) => ({ sku: line.product_sku, quantity: line.quantity })) });
    // Every order's lines, whole and in the order placed (PostgreSQL reads them as one JSON array an order).
    const asSent = (line: NewOrderLine, status: OrderStatus) => ({
      productId: String(line.product_id),
      sku: line.product_sku,
      product: line.product_name,
      quantity: line.quantity,
      unitPrice: line.unit_price_cents / 100,
      listPrice: line.list_price_cents / 100,
      lineTotal: (line.unit_price_cents * line.quantity) / 100,
      coreCharge: 0,
      shippedQuantity: status === 'shipped' ? line.quantity : 0,
      returnedQuantity: 0,
    });
    const byNewest = [...seeded].sort((a, b) => b.row.id - a.row.id);
    expect(page.items.map((order: { lines: unknown[] }) => order.lines)).toEqual(byNewest.map((order) => order.lines.map((line) => asSent(line, order.row.status))));
    expect(byNewest.filter((order) => order.lines.length > 1)).toHaveLength(12);
  });

  it('filters by status and by the days placed on the shop calendar, both included', async () => {
    for (const status of ORDER_STATUSES) {
      expect(await allPages(`status=${encodeURIComponent(status)}`)).toEqual(newest(seeded.filter((order) => order.row.status === status)));
    }
    const inPeriod = seeded.filter((order) => localDate(order.row.created_at) >= '2024-05-03' && localDate(order.row.created_at) <= '2024-05-05');
    expect(inPeriod.length).toBeGreaterThan(0);
    expect(inPeriod.length).toBeLessThan(seeded.length);
    expect(await allPages('from=2024-05-03&to=2024-05-05', 3)).toEqual(newest(inPeriod));
    // The first order, placed at 2024-05-01T00:00Z, is April 30th's in New York.
    const first = seeded.filter((order) => localDate(order.row.created_at) === '2024-04-30');
    expect(first.length).toBeGreaterThan(0);
    expect(await allPages('to=2024-04-30')).toEqual(newest(first));
    expect(await allPages('from=2024-05-09')).toEqual(newest(seeded.filter((order) => localDate(order.row.created_at) >= '2024-05-09')));
  });

  it('finds orders by id or order number, e-mail, name, part number however spelled (O for 0 too) and PO number', async () => {
    const some = seeded[10]!;
    expect(await allPages(`q=${some.row.id}`)).toContain(String(some.row.id));
    expect(await allPages(`q=${formatOrderNumber(some.row.id)}`)).toContain(String(some.row.id));
    const bob = customers[1]!;
    const bobs = newest(seeded.filter((order) => order.row.email === bob.email));
    expect(await allPages(`q=${encodeURIComponent(bob.email.toUpperCase())}`)).toEqual(bobs);
    expect(await allPages('q=bob%20st')).toEqual(bobs);
    const withFilter = newest(seeded.filter((order) => order.lines.some((line) => line.product_sku === 'OF-220')));
    for (const spelling of ['OF-220', 'of220', 'of 22', '0F-22O']) expect(await allPages(`q=${encodeURIComponent(spelling)}`)).toEqual(withFilter);
    expect(await allPages('q=po-4008')).toEqual(idsOf([seeded[8]!]));
    expect(await allPages(`q=${encodeURIComponent('=sum(')}`)).toEqual(idsOf([seeded[5]!]));
    // LIKE's wildcards are the search's text, not wildcards.
    expect(await allPages('q=%25')).toEqual([]);
    expect(await allPages('q=nobody-here')).toEqual([]);
  });

  it('reads the search as text, not as search syntax, and a part number only from three letters or digits', async () => {
    for (const text of ['"bob', 'bob*', 'amy OR bob', 'NEAR(amy bob)', '^amy']) expect(await allPages(`q=${encodeURIComponent(text)}`), text).toEqual([]);
    const withFilter = newest(seeded.filter((order) => order.lines.some((line) => line.product_sku === 'OF-220')));
    expect(await allPages('q=f-22')).toEqual(withFilter);
    // 'F2' is in nearly every part number of a real shop: too short to look for in the lines.
    expect(await allPages('q=f-2')).toEqual([]);
  });

  it('combines filters, search and sort', async () => {
    const amy = customers[0]!;
    const expected = seeded
      .filter((order) => order.row.email === amy.email && order.row.status === 'pending' && localDate(order.row.created_at) >= '2024-05-02')
      .sort((a, b) => b.row.total_cents - a.row.total_cents || b.row.id - a.row.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(await allPages(`q=amy&status=pending&from=2024-05-02&sort=-total`, 1)).toEqual(idsOf(expected));
    const bl = seeded.filter((order) => order.row.status === 'cancelled' && localDate(order.row.created_at) <= '2024-05-04');
    expect(await allPages('q=bl1507&status=cancelled&to=2024-05-04&sort=oldest', 2)).toEqual(idsOf(bl));
  });

  it('counts every order the filters and search match, on every page, not the rows of the page', async () => {
    /** The total each page answers, following the cursors (the first two pages). */
    const totals = async (query: string) => {
      const first = (await list(`${query}&limit=3`)).json();
      const second = (await list(`${query}&limit=3&cursor=${first.nextCursor}`)).json();
      return [first.total, second.total];
    };
    // Order i is PAST_STATUSES[i % 5] ('not paid', 'pending', 'shipped', 'cancelled', 'expired'), customer i % 3
    // (Bob: 1), placed at May 1 00:00 UTC + 6 h × i; New York's May 3 to 5 is [May 3 04:00, May 6 04:00) UTC,
    // 52 h to 124 h: i = 9..20.
    expect(await totals('')).toEqual([36, 36]);
    // i % 5 = 0 for i = 0, 5, …, 35: 8 orders.
    expect(await totals('status=not%20paid')).toEqual([8, 8]);
    expect(await totals('from=2024-05-03&to=2024-05-05')).toEqual([12, 12]);
    // Bob's: i = 1, 4, …, 34, 12 orders; in May 3 to 5 i = 10, 13, 16, 19.
    expect(await totals('q=bob%20st')).toEqual([12, 12]);
    expect(await totals('q=bob%20st&from=2024-05-03&to=2024-05-05')).toEqual([4, 4]);
    // Bob's and pending: i % 15 = 1, i = 1, 16, 31; pending in May 3 to 5: i = 11, 16.
    expect((await list('q=bob%20st&status=pending&limit=5')).json()).toMatchObject({ total: 3, nextCursor: null });
    expect((await list('status=pending&from=2024-05-03&to=2024-05-05&limit=5')).json()).toMatchObject({ total: 2, nextCursor: null });
    expect((await list('q=nobody-here&limit=5')).json()).toEqual({ items: [], nextCursor: null, total: 0 });
    // A customer's own list counts theirs: Cy's are i % 3 = 2, 12 orders.
    const cy = customers[2]!;
    expect((await call(server.app, 'GET', `/api/orders/${cy.email}?limit=5`, { token: cy.token })).json().total).toBe(12);
  });

  it('refuses a cursor it did not write, and filters that are not filters', async () => {
    for (const cursor of ['abc', Buffer.from('[1]').toString('base64url'), Buffer.from('["x",1]').toString('base64url'), 'a%2Fb']) {
      const response = await list(`limit=5&cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.body).toContain(fieldMessages.cursorInvalid);
    }
    expect((await list('status=lost')).statusCode).toBe(400);
    expect((await list('sort=name')).statusCode).toBe(400);
    expect((await list('from=2024-02-30')).statusCode).toBe(400);
    expect((await list('from=2024-05-05&to=2024-05-01')).statusCode).toBe(400);
    expect((await list('limit=0')).statusCode).toBe(400);
  });

  it("keeps one company's orders with companyId, in the list, its count and the export", async () => {
    const company = async (name: string) => {
      const at = '2024-01-01T00:00:00.000Z';
      const values = { name, vat_id: null, tax_certificate: null, phone: '+1 555 0100', address: '{}', status: 'approved' as const, decline_reason: null, price_list_id: null };
      const row = await server.db.kysely
        .insertInto('companies')
        .values({ ...values, applicant_user_id: Number(customers[0]!.id), decided_at: null, decided_by_user_id: null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const fleet = await company('Listing Fleet');
    const other = await company('Listing Other');
    // Order i is PAST_STATUSES[i % 5]: 2 shipped, 9 expired (with the oil filter too: i % 3 = 0), 20 not paid; 11 pending.
    const setCompany = (indexes: number[], companyId: number) =>
      sql`update orders set company_id = ${companyId} where id in (${sql.join(indexes.map((i) => seeded[i]!.row.id))})`.execute(server.db.kysely);
    await setCompany([2, 9, 20], fleet);
    await setCompany([11], other);
    const id = (i: number) => String(seeded[i]!.row.id);
    try {
      expect(await allPages(`companyId=${fleet}`, 2)).toEqual([id(20), id(9), id(2)]);
      expect((await list(`companyId=${fleet}&limit=2`)).json().total).toBe(3);
      expect(await allPages(`companyId=${fleet}&status=shipped`)).toEqual([id(2)]);
      expect(await allPages(`companyId=${other}`)).toEqual([id(11)]);
      expect((await list('companyId=999999&limit=5')).json()).toEqual({ items: [], nextCursor: null, total: 0 });
      // Empty: no filter.
      expect((await list('companyId=&limit=5')).json().total).toBe(36);
      expect((await list('companyId=fleet')).statusCode).toBe(400);

      const csv = await call(server.app, 'GET', `/api/orders/export.csv?companyId=${fleet}`, { token: admin.token });
      expect(csv.statusCode, csv.body).toBe(200);
      const rows = (parse(csv.body, { bom: true }) as string[][]).slice(1);
      expect(rows.map((cells) => [cells[0], cells[7]])).toEqual([
        [id(20), 'BL-1507'],
        [id(9), 'BL-1507'],
        [id(9), 'OF-220'],
        [id(2), 'BL-1507'],
      ]);
      expect((await call(server.app, 'GET', '/api/orders/export.csv?companyId=0', { token: admin.token })).statusCode).toBe(400);
    } finally {
      await sql`update orders set company_id = null`.execute(server.db.kysely);
    }
  });

  it("pages a customer's own orders (My Orders), and answers the contract's whole array (docs/legacy-contract.md) without limit or cursor", async () => {
    const cy = customers[2]!;
    const own = newest(seeded.filter((order) => order.row.email === cy.email));
    const first = await call(server.app, 'GET', `/api/orders/${cy.email}?limit=5`, { token: cy.token });
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((order: { _id: string }) => order._id)).toEqual(own.slice(0, 5));
    const rest = await call(server.app, 'GET', `/api/orders/${cy.email}?limit=100&cursor=${first.json().nextCursor}`, { token: cy.token });
    expect(rest.json()).toEqual({ items: expect.any(Array), nextCursor: null, total: 12 });
    expect(rest.json().items.map((order: { _id: string }) => order._id)).toEqual(own.slice(5));
    const all = await call(server.app, 'GET', `/api/orders/${cy.email}`, { token: cy.token });
    expect(all.json().map((order: { _id: string }) => order._id)).toEqual(own);
  });

  describe('CSV export', () => {
    const exported = async (query: string) => {
      const response = await call(server.app, 'GET', `/api/orders/export.csv?${query}`, { token: admin.token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="partsmith-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      return parse(response.body, { bom: true }) as string[][];
    };

    it('writes a row per order line, newest order first, with the order on every row', async () => {
      const [header, ...rows] = await exported('');
      expect(header).toEqual(['orderId', 'placedAt', 'status', 'customerName', 'email', 'poNumber', 'invoiceNumber', 'sku', 'product', 'quantity', 'unitPrice', 'lineTotal', 'orderTotal', 'subtotal', 'shipping', 'tax', 'total', 'coreDeposit']);
      const expected = [...seeded].reverse().flatMap(({ row, lines }) => lines.map((line) => [String(row.id), line.product_sku]));
      expect(rows.map((cells) => [cells[0], cells[7]])).toEqual(expected);
      const paid = seeded.find((order) => order.row.status === 'shipped' && order.lines.length === 2)!;
      const [first, second] = rows.filter((cells) => cells[0] === String(paid.row.id));
      expect(first).toEqual([
        String(paid.row.id),
        paid.row.created_at,
        'shipped',
        paid.row.customer_name,
        paid.row.email,
        paid.row.po_number,
        `INV-${String(paid.row.invoice_number).padStart(6, '0')}`,
        'BL-1507',
        'Brake Pads',
        String(paid.lines[0]!.quantity),
        (paid.lines[0]!.unit_price_cents / 100).toFixed(2),
        ((paid.lines[0]!.unit_price_cents * paid.lines[0]!.quantity) / 100).toFixed(2),
        (paid.row.total_cents / 100).toFixed(2),
        // The seeded orders are goods only: no shipping, no tax, no core deposits.
        (paid.row.total_cents / 100).toFixed(2),
        '0.00',
        '0.00',
        (paid.row.total_cents / 100).toFixed(2),
        '0.00',
      ]);
      expect(second!.slice(7, 12)).toEqual(['OF-220', "'+Oil Filter", '2', '5.50', '11.00']);
    });

    it('guards cells a spreadsheet would run as formulas', async () => {
      const rows = await exported(`q=${encodeURIComponent('=SUM')}`);
      expect(rows.slice(1).map((cells) => cells[5])).toEqual(["'=SUM(A1)"]);
    });

    it('applies the filters and the sort of the list', async () => {
      const rows = (await exported('status=cancelled&from=2024-05-02&sort=-total&bom=true')).slice(1);
      const expected = seeded
        .filter((order) => order.row.status === 'cancelled' && localDate(order.row.created_at) >= '2024-05-02')
        .sort((a, b) => b.row.total_cents - a.row.total_cents || b.row.id - a.row.id);
      expect([...new Set(rows.map((cells) => cells[0]))]).toEqual(idsOf(expected));
      expect(rows.every((cells) => cells[2] === 'cancelled')).toBe(true);
    });
  });

  it("answers the contract's unpaged call (docs/legacy-contract.md), newest first, capped at 1,000 and saying so", async () => {
    const all = await list('');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-result-limit']).toBe('1000');
    expect(all.headers['x-more-results']).toBeUndefined();
    expect(all.json().map((order: { _id: string }) => order._id)).toEqual(newest(seeded));
    // 1,000 more orders (rows only: the cap is about how many, not what they hold).
    const template = seeded[0]!.row;
    const { id: _id, ...fields } = template;
    for (let batch = 0; batch < 4; batch += 1) {
      await server.db.kysely
        .insertInto('orders')
        .values(Array.from({ length: 250 }, () => ({ ...fields, idempotency_key: null, invoice_number: null })))
        .execute();
    }
    const capped = await list('');
    expect(capped.headers['x-result-limit']).toBe('1000');
    expect(capped.headers['x-more-results']).toBe('true');
    const orders = capped.json() as { _id: string }[];
    expect(orders).toHaveLength(1000);
    expect(Number(orders[0]!._id)).toBeGreaterThan(Number(orders[1]!._id));
    const filtered = await list(`q=${encodeURIComponent(customers[1]!.email)}&status=pending`);
    expect(filtered.headers['x-more-results']).toBeUndefined();
    expect(filtered.json().map((order: { _id: string }) => order._id)).toEqual(
      newest(seeded.filter((order) => order.row.email === customers[1]!.email && order.row.status === 'pending')),
    );
  });
});

describe(`Manage All Orders: a search of words that nearly every order holds (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let mullers: string[];
  const COMPANY = 'of Fleet Example Company';

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    const customer = await registerCustomer(server.app);
    const part = Number(await createProduct(server.app, admin, { name: 'Brake Pads', sku: 'BL-1507' }));
    const past: PastOrder[] = Array.from({ length: 1000 }, (_, i) => ({
      order: {
        user_id: Number(customer.id),
        customer_name: `Buyer ${i}${i % 400 === 7 ? ' MÜLLER' : ''} ${COMPANY}`,
        email: `buyer${i}@fleet-example.com`,
        phone: '+1 555 0100',
        address: '1 Main St',
        po_number: '',
      },
      lines: [{ product_id: part, product_name: 'Brake Pads', product_sku: 'BL-1507', quantity: 1, unit_price_cents: 1000, list_price_cents: 1000 }],
      placedAt: new Date(Date.UTC(2024, 4, 1) + i * 60_000).toISOString(),
      placedBy: byCustomer,
      moves: [],
    }));
    const rows = await insertPastOrders(server.db.kysely, past);
    // SQLite's index holds the first 600 (two of the three Müllers), the search compares the rest itself.
    await indexNewOrders(server.db.kysely, 600);
    mullers = rows.filter((row) => row.customer_name.includes('MÜLLER')).map((row) => String(row.id)).reverse();
  });
  afterAll(() => server.close());

  const search = async (q: string) => {
    const response = await call(server.app, 'GET', `/api/orders?q=${encodeURIComponent(q)}&limit=100`, { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: { _id: string; email: string }[] }).items;
  };

  it('finds just the orders that hold the whole search, in any case, beyond ASCII too', async () => {
    expect(mullers).toHaveLength(3);
    expect((await search(`müller ${COMPANY.toUpperCase()}`)).map((order) => order._id)).toEqual(mullers);
    expect((await search('BUYER742@FLEET-EXAMPLE')).map((order) => order.email)).toEqual(['buyer742@fleet-example.com']);
    expect(await search('buyer742@fleet-examples')).toEqual([]);
    expect(await search(`Müller ${COMPANY} Ltd`)).toEqual([]);
    expect(await search('@FLEET-EXAMPLE.COM')).toHaveLength(100);
    // Three UTF-16 units, two characters: no trigram to look up.
    expect(await search('é😀')).toEqual([]);
  });

  it.runIf(databaseKind === 'postgres')("asks PostgreSQL's trigram indexes for two pieces of the search, and for the whole search only when they hold more orders than it compares", async () => {
    const k = server.db.kysely;
    const everyHolder = async (q: string) => {
      const holds = (column: string) => sql`lower(${sql.ref(column)}) like ${`%${q.toLowerCase()}%`}`;
      const { rows } = await sql<{ id: number }>`select id from orders where ${holds('customer_name')} or ${holds('email')} or ${holds('po_number')} order by id`.execute(k);
      return rows.map((row) => row.id);
    };
    const searched = async (q: string, guessedRows?: number) => {
      const matches = await textMatchesPostgres(k, q, guessedRows);
      const { rows } = await sql<{ id: number }>`select distinct id from (${matches}) as found order by id`.execute(k);
      const conditions = await conditionsRun(k, sql`select id from (${matches}) as found`);
      const wholeSearchRead = conditions.some((condition) => condition.includes(`'%${q.toLowerCase()}%'`));
      return { ids: rows.map((row) => row.id), wholeSearchRead };
    };
    const cases: [string, number | undefined, boolean][] = [
      ['BUYER742@FLEET-EXAMPLE', undefined, false],
      ['buyer1@fleet', undefined, false],
      ['müller of fleet', undefined, false],
      ['buyer742@fleet-examples', 1, false],
      // 'fle' and 'lee' are in every order's name and e-mail.
      ['fleet example company', 1000, false],
      ['fleet example company', 999, true],
      ['fleet example company', undefined, true],
      ['buyer1@fleet', 0, true],
      ['@fleet-example.com', 10, true],
      // Six pieces or fewer: the whole search at once.
      ['buyer742', undefined, true],
    ];
    for (const [q, guessedRows, wholeSearchRead] of cases) {
      const expected = await everyHolder(q);
      expect(await searched(q, guessedRows), `${q}, ${guessedRows}`).toEqual({ ids: expected, wholeSearchRead });
    }
    expect(await everyHolder('buyer1@fleet')).toHaveLength(1);
    expect(await everyHolder('fleet example company')).toHaveLength(1000);
  });

  it.runIf(databaseKind === 'sqlite')('chooses from SQLite\'s index the trigrams to look up, the likeliest rare first, until two are rare or one is held by no row', async () => {
    type Index = 'order_search' | 'order_line_search';
    const choose = async (q: string, few?: number, index?: Index) => rareTrigrams(server.db.kysely, q, few, index);
    // 600 of the 1,000 orders are indexed: two Müllers, buyer0 to buyer599.
    expect(await choose(`müller ${COMPANY.toUpperCase()}`)).toEqual(['mül', 'üll']);
    expect(await choose('buyer742@fleet')).toEqual(['742']);
    // 'er1' is in 111 indexed orders (buyer1, buyer10-19, buyer100-199), 'r1@' in one, '1@f' in 60.
    expect(await choose('buyer1@fleet')).toEqual(['er1', 'r1@']);
    expect(await choose('buyer1@fleet', 100)).toEqual(['r1@', '1@f']);
    expect(await choose('buyer1@fleet', 1)).toEqual([]);
    expect(await choose('fleet example company', 600)).toEqual([]);
    expect(await choose('fleet example company', 601)).toEqual(['fle', 'lee']);
    // The lines' part numbers, as the index holds them (no punctuation): 600 lines hold BL1507.
    expect(await choose('BL1507', 5000, 'order_line_search')).toEqual(['150', '507']);
    expect(await choose('BL1507', 600, 'order_line_search')).toEqual([]);
    expect(await choose('BL15078', 600, 'order_line_search')).toEqual(['078']);

    const holders = async (index: Index, piece: string) =>
      (await sql<{ holding: number }>`select count(*) as holding from ${sql.table(index)} where ${sql.table(index)} match ${`"${piece}"`}`.execute(server.db.kysely)).rows[0]!.holding;
    const cases: [string, Index, number[]][] = [
      ...['buyer1@fleet', 'buyer742@fleet', 'buyer 40 company', 'yer 7 müller', 'ler mül üll', 'fleet example company'].map((q) => [q, 'order_search', [1, 2, 100, 600, 601, 5000]] as [string, Index, number[]]),
      ...['BL1507', 'L150', 'BL15078'].map((q) => [q, 'order_line_search', [1, 600, 601, 5000]] as [string, Index, number[]]),
    ];
    for (const [q, index, limits] of cases)
      for (const few of limits) {
        const chosen = await choose(q, few, index);
        const held = await Promise.all(chosen.map((piece) => holders(index, piece)));
        expect(chosen.length, `${q}, ${few}`).toBeLessThanOrEqual(2);
        expect(held.every((count) => count < few), `${q}, ${few}: ${held}`).toBe(true);
        expect(held.slice(0, -1).every((count) => count > 0), `${q}, ${few}: only the last may be held by none`).toBe(true);
      }
  });
});
