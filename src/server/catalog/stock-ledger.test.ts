/**
 * The stock ledger (issue 62) on the real endpoints: every change of a part's stock (orders placed,
 * cancelled and expired, restock, edit, import, return) is a row with the exact stock it left, the rows sum
 * to the stock, also with orders and restocks of one part at once; the page, its cursor and the CSV export;
 * and the invariants checker catching a ledger that disagrees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockMovement } from '../../shared/back-office.js';
import { expireUnpaidOrders } from '../flows/expire-orders.js';
import { checkInvariants } from '../system/invariants.js';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  payWithTestCard,
  registerAdmin,
  registerCustomer,
  startTestServer,
  TEST_ADDRESS,
  type TestServer,
} from '../test/harness.js';

const HOUR = 3_600_000;

describe(`the stock ledger (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let buyer: Account;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Dana Wu');
  });
  afterAll(() => server.close());

  const place = async (productId: string, quantity: number, who = buyer) => {
    const placed = await call(server.app, 'POST', '/api/orders', { token: who.token, body: { productId, quantity, phone: '5550100', shippingAddress: TEST_ADDRESS } });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json()._id as string;
  };
  const restock = (productId: string, quantity: number) => call(server.app, 'POST', `/api/products/${productId}/restock`, { token: admin.token, body: { quantity } });
  const page = (productId: string, query = '') => call(server.app, 'GET', `/api/products/${productId}/stock-movements${query}`, { token: admin.token });
  /** Every row of the part's ledger, newest first, a page of `limit` at a time (following the cursors). */
  const ledger = async (productId: string, limit = 50): Promise<StockMovement[]> => {
    const rows: StockMovement[] = [];
    let cursor: string | null = null;
    do {
      const answer = await page(productId, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.statusCode, answer.body).toBe(200);
      rows.push(...answer.json().items);
      cursor = answer.json().nextCursor;
    } while (cursor);
    return rows;
  };
  const stockOf = async (productId: string) => (await call(server.app, 'GET', `/api/admin/products/${productId}`, { token: admin.token })).json().stock as number;

  it('records orders, a cancellation, an expiry, a restock, an edit, an import and a return, each with the stock it left', async () => {
    const productId = await createProduct(server.app, admin, { name: 'Headlight Assembly', sku: 'HL-LEDGER', stock: 100, min: 1, price: 10 });
    const sold = await place(productId, 10);
    const cancelled = await place(productId, 5);
    expect((await call(server.app, 'DELETE', `/api/orders/${cancelled}`, { token: buyer.token })).statusCode).toBe(200);
    const expired = await place(productId, 7);
    await server.db.kysely.updateTable('orders').set({ created_at: new Date(Date.now() - 25 * HOUR).toISOString() }).where('id', '=', Number(expired)).execute();
    expect(await expireUnpaidOrders(server.db.kysely, 24 * HOUR)).toBe(1);
    expect((await restock(productId, 20)).statusCode).toBe(200);
    expect((await call(server.app, 'PATCH', `/api/products/${productId}`, { token: admin.token, body: { stock: 100 } })).statusCode).toBe(200);
    const csv = 'sku,name,description,price,stock,min,img\r\n' +
      'HL-LEDGER,Headlight Assembly,A part,10.00,120,1,/images/products/tire.svg\r\n' +
      'NEW-LEDGER,Fog Lamp,A new part,5.00,8,1,/images/products/tire.svg\r\n';
    const imported = await server.app.inject({ method: 'POST', url: '/api/products/import', headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` }, payload: csv });
    expect(imported.statusCode, imported.body).toBe(200);
    // The paid order of 10 ships, 4 come back, 1 of them damaged: 3 back in stock.
    expect((await payWithTestCard(server.app, buyer, sold)).statusCode).toBe(200);
    const shipped = await call(server.app, 'POST', `/api/orders/${sold}/shipments`, { token: admin.token, body: { lines: [{ productId: Number(productId), quantity: 10 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const asked = await call(server.app, 'POST', `/api/orders/${sold}/returns`, { token: buyer.token, body: { lines: [{ productId: Number(productId), quantity: 4, reason: 'not_needed' }] } });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await call(server.app, 'POST', `/api/returns/${asked.json().id}/approve`, { token: admin.token })).statusCode).toBe(200);
    const received = await call(server.app, 'POST', `/api/returns/${asked.json().id}/receive`, { token: admin.token, body: { lines: [{ productId: Number(productId), receivedQuantity: 4, damagedQuantity: 1 }] } });
    expect(received.statusCode, received.body).toBe(200);

    // 100 − 10 − 5 + 5 − 7 + 7 + 20 − 10 (edit to 100) + 20 (import to 120) + 3 = 123
    expect(await stockOf(productId)).toBe(123);
    const rows = await ledger(productId, 3);
    const at = expect.any(String);
    expect(rows.reverse()).toEqual([
      { at, change: 100, stockAfter: 100, reason: 'edit', orderId: null, actor: 'Test Admin' },
      { at, change: -10, stockAfter: 90, reason: 'order', orderId: sold, actor: 'Dana Wu' },
      { at, change: -5, stockAfter: 85, reason: 'order', orderId: cancelled, actor: 'Dana Wu' },
      { at, change: 5, stockAfter: 90, reason: 'cancel', orderId: cancelled, actor: 'Dana Wu' },
      { at, change: -7, stockAfter: 83, reason: 'order', orderId: expired, actor: 'Dana Wu' },
      { at, change: 7, stockAfter: 90, reason: 'expiry', orderId: expired, actor: null },
      { at, change: 20, stockAfter: 110, reason: 'restock', orderId: null, actor: 'Test Admin' },
      { at, change: -10, stockAfter: 100, reason: 'edit', orderId: null, actor: 'Test Admin' },
      { at, change: 20, stockAfter: 120, reason: 'import', orderId: null, actor: 'Test Admin' },
      { at, change: 3, stockAfter: 123, reason: 'return', orderId: sold, actor: 'Test Admin' },
    ]);
    const created = await call(server.app, 'GET', '/api/products/sku/NEW-LEDGER');
    expect(await ledger(created.json()._id)).toEqual([{ at, change: 8, stockAfter: 8, reason: 'import', orderId: null, actor: 'Test Admin' }]);

    const file = await call(server.app, 'GET', `/api/products/${productId}/stock-movements.csv`, { token: admin.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = file.body.trim().split('\r\n');
    // The header and the ten rows, newest first: the return, then the import.
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('at,reason,change,stock_after,order_id,actor');
    expect(lines[1]).toMatch(new RegExp(`^"[^"]+","return","3","123","${sold}","Test Admin"$`));
    expect(lines[2]).toMatch(/^"[^"]+","import","20","120","","Test Admin"$/);
    expect((await checkInvariants(server.db, new Map())).violations).toEqual([]);
  });

  it('keeps summing to the stock with twenty orders and restocks of one part at once, each row a stock it really had', async () => {
    const productId = await createProduct(server.app, admin, { name: 'Busy Part', stock: 1000, min: 1, price: 2 });
    // One account's orders take turns (it is held while they are counted): ten buyers order together.
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => registerCustomer(server.app, `Parallel Buyer ${i}`)));
    const answers = await Promise.all([
      ...buyers.map((who) => place(productId, 3, who)),
      ...Array.from({ length: 10 }, async () => expect((await restock(productId, 5)).statusCode).toBe(200)),
    ]);
    expect(answers).toHaveLength(20);
    // 1000 − 10 × 3 + 10 × 5 = 1020
    expect(await stockOf(productId)).toBe(1020);
    const rows = (await ledger(productId, 7)).reverse();
    expect(rows).toHaveLength(21);
    expect(rows.reduce((sum, row) => sum + row.change, 0)).toBe(1020);
    // Oldest first, each row's stock is the one before it changed by that row: the part's successive stocks,
    // none lost to a write racing another (a stale stock after would break the chain).
    rows.forEach((row, i) => expect(row.stockAfter).toBe((i === 0 ? 0 : rows[i - 1]!.stockAfter) + row.change));
    expect(rows.map((row) => row.change).sort((a, b) => a - b)).toEqual([...Array(10).fill(-3), ...Array(10).fill(5), 1000]);
    expect(rows.at(-1)!.stockAfter).toBe(1020);
    expect((await checkInvariants(server.db, new Map())).violations).toEqual([]);
  });

  it('the invariants checker reports a ledger that disagrees with the stock', async () => {
    const productId = Number(await createProduct(server.app, admin, { name: 'Miscounted Part', stock: 40, min: 1 }));
    await server.db.kysely
      .insertInto('stock_movements')
      .values({ product_id: productId, change: 2, stock_after: 42, reason: 'restock', created_at: new Date().toISOString() })
      .execute();
    // 40 + 2 = 42 in the ledger, 40 on the shelf.
    expect((await checkInvariants(server.db, new Map())).violations).toEqual([
      `product ${productId} has stock 40 but its ledger's changes sum to 42`,
      `product ${productId} has stock 40 but its newest ledger row says 42`,
    ]);
    await server.db.kysely.deleteFrom('stock_movements').where('product_id', '=', productId).where('change', '=', 2).execute();
  });

  it("removes a part's ledger with the part, and answers 404 for it then", async () => {
    const productId = await createProduct(server.app, admin, { name: 'Removed Part', stock: 12, min: 1 });
    expect((await call(server.app, 'DELETE', `/api/products/${productId}`, { token: admin.token })).statusCode).toBe(200);
    expect((await page(productId)).statusCode).toBe(404);
    expect(await server.db.kysely.selectFrom('stock_movements').select('id').where('product_id', '=', Number(productId)).execute()).toEqual([]);
  });

  it('refuses a cursor it did not write', async () => {
    const productId = await createProduct(server.app, admin, { name: 'Cursor Part', stock: 5, min: 1 });
    expect((await page(productId, '?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });
});
