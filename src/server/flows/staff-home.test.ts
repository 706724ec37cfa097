/**
 * The staff home (issue 62) on the real endpoint: each count as its own list would count it, today's sales
 * as the sales overview counts them, days on the shop's calendar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHome, adminHomeSchema } from '../../shared/back-office.js';
import { shopClock } from '../orders/calendar.js';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  payWithTestCard,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
  TEST_ADDRESS,
} from '../test/harness.js';
import { applyFor } from '../test/companies.js';
import { staffHome } from './staff-home.js';

const NOTHING_TO_DO: AdminHome = { ordersToShip: 0, unreadMessages: 0, lowStock: 0, returnsToHandle: 0, reviewsToApprove: 0, companiesToApprove: 0, salesToday: 0 };

describe(`staff home (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let buyer: Account;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Dana Wu');
  });
  afterAll(() => server.close());

  const home = async () => {
    const response = await call(server.app, 'GET', '/api/admin/home', { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    return adminHomeSchema.parse(response.json());
  };
  const asAdmin = async (method: 'POST' | 'PATCH', url: string, body?: unknown) => {
    const response = await call(server.app, method, url, { token: admin.token, body });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const order = async (productId: string, quantity: number) => {
    const placed = await call(server.app, 'POST', '/api/orders', { token: buyer.token, body: { lines: [{ productId, quantity }], phone: '5550100', shippingAddress: TEST_ADDRESS } });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json()._id as string;
  };
  const paidOrder = async (productId: string, quantity: number) => {
    const id = await order(productId, quantity);
    const paid = await payWithTestCard(server.app, buyer, id);
    expect(paid.statusCode, paid.body).toBe(200);
    return id;
  };
  const ship = (orderId: string, productId: string, quantity: number) =>
    asAdmin('POST', `/api/orders/${orderId}/shipments`, { lines: [{ productId: Number(productId), quantity }], carrier: 'Other' });
  /** A paid order of one unit, shipped, and the buyer's return of it (its id). */
  const returned = async (productId: string) => {
    const id = await paidOrder(productId, 1);
    await ship(id, productId, 1);
    const asked = await call(server.app, 'POST', `/api/orders/${id}/returns`, { token: buyer.token, body: { lines: [{ productId: Number(productId), quantity: 1, reason: 'not_needed' }] } });
    expect(asked.statusCode, asked.body).toBe(201);
    return asked.json().id as string;
  };

  it('says there is nothing to do in a new shop', async () => {
    expect(await home()).toEqual(NOTHING_TO_DO);
  });

  it('counts what waits on staff as each list does, and today’s sales as the overview does', async () => {
    const pads = await createProduct(server.app, admin, { name: 'Brake pads', price: 24.5, stock: 1_000, min: 1 });
    const filter = await createProduct(server.app, admin, { name: 'Oil filter', price: 10, stock: 1_000, min: 1 });
    // Low stock (LOW_STOCK_THRESHOLD 10 by default): 5 and 10 on the default, 20 under its own 25. Not low: 11
    // on the default, 3 over its own 2, and a removed part at 1.
    for (const part of [{ stock: 5 }, { stock: 10 }, { stock: 20, reorderThreshold: 25 }, { stock: 11 }, { stock: 3, reorderThreshold: 2 }]) {
      await createProduct(server.app, admin, { ...part, min: 1 });
    }
    const removed = await createProduct(server.app, admin, { stock: 1, min: 1 });
    expect((await call(server.app, 'DELETE', `/api/products/${removed}`, { token: admin.token })).statusCode).toBe(200);

    // Orders to ship: the paid one and the partly shipped one. Not the shipped one, the unpaid one, nor the
    // paid one cancelled (and refunded).
    const whole = await paidOrder(pads, 2); // $49.00
    const partly = await paidOrder(filter, 3); // $30.00
    await ship(partly, filter, 1);
    const shipped = await paidOrder(pads, 1); // $24.50
    await asAdmin('PATCH', `/api/orders/${shipped}`, { status: 'shipped' });
    await order(filter, 1);
    const cancelled = await paidOrder(pads, 1); // $24.50, paid today: the overview keeps it on the day paid
    await asAdmin('POST', `/api/orders/${cancelled}/cancel`);

    // Returns to handle: the requested one and the approved one (not received). Not the rejected one, nor the
    // received (refunded) one. Each is a paid order of one $10.00 filter.
    await returned(filter);
    await asAdmin('POST', `/api/returns/${await returned(filter)}/approve`);
    await asAdmin('POST', `/api/returns/${await returned(filter)}/reject`, { reason: 'Fitted and used' });
    const received = await returned(filter);
    await asAdmin('POST', `/api/returns/${received}/approve`);
    await asAdmin('POST', `/api/returns/${received}/receive`, { lines: [{ productId: Number(filter), receivedQuantity: 1, damagedQuantity: 0 }] });

    // Reviews to approve: two held (set so here, whatever REVIEW_MODERATION does with a new one), one hidden.
    const reviews: string[] = [];
    for (const comment of ['Fits well', 'Call 555-0100', 'Quick delivery']) {
      const posted = await call(server.app, 'POST', '/api/review', { token: buyer.token, body: { rating: '5', comment } });
      expect(posted.statusCode, posted.body).toBe(201);
      reviews.push(posted.json()._id);
    }
    await server.db.kysely.updateTable('reviews').set({ status: 'pending' }).where('id', 'in', reviews.slice(0, 2).map(Number)).execute();
    await asAdmin('PATCH', `/api/review/${reviews[2]}`, { hidden: true });

    // Unread messages: of three, one marked read and one replied to (which reads it).
    const messages: string[] = [];
    for (const message of ['Do the pads fit a 2015 Corolla?', 'Where is my order?', 'Do you ship to Canada?']) {
      messages.push((await call(server.app, 'POST', '/api/contact', { body: { email: 'dana@example.com', message } })).json()._id);
    }
    await asAdmin('PATCH', `/api/contact/${messages[0]}`, { read: true });
    await asAdmin('POST', `/api/contact/${messages[1]}/reply`, { message: 'It left this morning.' });

    // Trade applications to decide: two pending. Not the approved one nor the declined one.
    const applications: number[] = [];
    for (const name of ['Pending One', 'Pending Two', 'Approved Co', 'Declined Co']) applications.push(await applyFor(server, await registerCustomer(server.app, name), name));
    await asAdmin('PATCH', `/api/admin/companies/${applications[2]}`, { status: 'approved' });
    await asAdmin('PATCH', `/api/admin/companies/${applications[3]}`, { status: 'declined', declineReason: 'Not a business' });

    // Sales today: $49.00 + $30.00 + $24.50 + $24.50 + 4 × $10.00 = $168.00 (no tax to Oregon, pickup free).
    const counts = await home();
    expect(counts).toEqual({ ordersToShip: 2, unreadMessages: 1, lowStock: 3, returnsToHandle: 2, reviewsToApprove: 2, companiesToApprove: 2, salesToday: 168 });

    // The same figures as the lists they link to.
    const lowList = await call(server.app, 'GET', '/api/admin/low-stock', { token: admin.token });
    expect(lowList.json()).toHaveLength(counts.lowStock);
    const toShip = await call(server.app, 'GET', '/api/orders?status=to%20ship&limit=50', { token: admin.token });
    expect(toShip.json().total).toBe(counts.ordersToShip);
    expect(toShip.json().items.map((listed: { _id: string }) => listed._id).sort()).toEqual([whole, partly].sort());
    const today = shopClock(server.config.shop.timeZone, Date.now()).date;
    const overview = await call(server.app, 'GET', `/api/admin/stats?from=${today}&to=${today}`, { token: admin.token });
    expect(overview.json().revenue).toBe(counts.salesToday);
    const pending = await call(server.app, 'GET', '/api/admin/companies?status=pending', { token: admin.token });
    expect(pending.json().map((company: { id: number }) => company.id).sort()).toEqual(applications.slice(0, 2).sort());
  });

  it('is for staff only', async () => {
    expect((await call(server.app, 'GET', '/api/admin/home')).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/admin/home', { token: buyer.token })).statusCode).toBe(403);
  });
});

describe(`staff home: today on the shop's calendar (${databaseKind})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ SHOP_TIME_ZONE: 'America/New_York' });
  });
  afterAll(() => server.close());

  it("counts a sale on the day it was paid in the shop's time zone, not UTC's", async () => {
    const admin = await registerAdmin(server);
    const buyer = await registerCustomer(server.app);
    const part = await createProduct(server.app, admin, { price: 12.25, stock: 100, min: 1 });
    const paidAt = async (quantity: number, invoicedAt: string) => {
      const placed = await call(server.app, 'POST', '/api/orders', { token: buyer.token, body: { lines: [{ productId: part, quantity }], phone: '5550100', shippingAddress: TEST_ADDRESS } });
      expect((await payWithTestCard(server.app, buyer, placed.json()._id)).statusCode).toBe(200);
      await server.db.kysely.updateTable('orders').set({ invoiced_at: invoicedAt }).where('id', '=', Number(placed.json()._id)).execute();
    };
    // 23:30 on 1 May in New York (EDT, UTC−4): 2 × $12.25 = $24.50. 00:30 on 2 May there: 4 × $12.25 = $49.00.
    await paidAt(2, '2024-05-02T03:30:00.000Z');
    await paidAt(4, '2024-05-02T04:30:00.000Z');
    const settings = { lowStockThreshold: server.config.lowStockThreshold, timeZone: server.config.shop.timeZone };

    expect((await staffHome(server.db.kysely, settings, Date.parse('2024-05-01T20:00:00Z'))).salesToday).toBe(24.5);
    expect((await staffHome(server.db.kysely, settings, Date.parse('2024-05-02T15:00:00Z'))).salesToday).toBe(49);
    // 2 May 02:00 UTC is still 1 May in New York.
    expect((await staffHome(server.db.kysely, settings, Date.parse('2024-05-02T02:00:00Z'))).salesToday).toBe(24.5);
  });
});
