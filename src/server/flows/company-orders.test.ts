/**
 * Company-owned orders (issue 63): a member's order belongs to their company; over their spending limit it
 * waits for another admin of the company, who approves it (on to payment) or declines it (cancelled, stock
 * back, the reason told); it expires like an unpaid order; the company's admins list and export its orders.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from './expire-orders.js';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  lastMailTo,
  payWithTestCard,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
  TEST_ADDRESS,
} from '../test/harness.js';
import { addMember, insertCompany } from '../test/companies.js';
import { listRecentMail } from '../mail/service.js';
import { renderMail } from '../mail/templates.js';

describe(`company-owned orders (${databaseKind})`, () => {
  let server: TestServer;
  let staff: Account;
  /** Company A: two admins and a buyer with a $500 limit. */
  let adminA: Account;
  let adminA2: Account;
  let buyer: Account;
  let companyA: number;
  /** Company B: an admin and a buyer. */
  let adminB: Account;
  let buyerB: Account;
  let companyB: number;
  /** A customer of no company. */
  let plain: Account;
  /** $10 a unit, no tiers: n units cost $10·n (TEST_ADDRESS: no tax, free pickup). */
  let productId: string;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await registerAdmin(server);
    adminA = await registerCustomer(server.app, 'Ada Admin');
    adminA2 = await registerCustomer(server.app, 'Alan Admin');
    buyer = await registerCustomer(server.app, 'Bea Buyer');
    adminB = await registerCustomer(server.app, 'Bob Admin');
    buyerB = await registerCustomer(server.app, 'Bill Buyer');
    plain = await registerCustomer(server.app, 'Pat Plain');
    const db = server.db.kysely;
    companyA = await insertCompany(db, adminA, 'Alpha Fleet');
    await addMember(db, companyA, adminA, 'admin');
    await addMember(db, companyA, adminA2, 'admin');
    await addMember(db, companyA, buyer, 'buyer', 500);
    companyB = await insertCompany(db, adminB, 'Beta Garage');
    await addMember(db, companyB, adminB, 'admin');
    await addMember(db, companyB, buyerB, 'buyer', 500);
    productId = await createProduct(server.app, staff, { price: 10, stock: 100_000, min: 1 });
  });
  afterAll(() => server.close());

  const place = async (account: Account, dollars: number, part = productId) => {
    const response = await call(server.app, 'POST', '/api/orders', {
      token: account.token,
      body: { productId: part, quantity: dollars / 10, phone: '5550100', shippingAddress: TEST_ADDRESS },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const stock = async (part = productId) => (await call(server.app, 'GET', `/api/products/${part}`)).json().stock as number;
  const approve = (account: Account, id: string) => call(server.app, 'POST', `/api/orders/${id}/approve`, { token: account.token });
  const decline = (account: Account, id: string, reason: unknown = 'Over budget this month') =>
    call(server.app, 'POST', `/api/orders/${id}/decline`, { token: account.token, body: { reason } });
  const orderOf = async (account: Account, id: string) => call(server.app, 'GET', `/api/order/${id}`, { token: account.token });
  const mailsOfKind = async (kind: string, orderId: string) =>
    (await listRecentMail(server.db.kysely, 1000)).map((m) => m.mail).filter((mail) => mail.kind === kind && (mail.data as { orderId?: string }).orderId === orderId);

  beforeEach(async () => {
    await server.db.kysely.updateTable('company_members').set({ spending_limit_cents: 50_000 }).where('user_id', '=', Number(buyer.id)).execute();
  });

  it('places a $320 order under the $500 limit for the company, to pay at once', async () => {
    const order = await place(buyer, 320);
    expect(order).toMatchObject({ status: 'not paid', total: 320, companyId: companyA, declineReason: null });
    expect(await mailsOfKind('order-awaiting-approval', order._id)).toEqual([]);
    // A customer of no company: no company.
    expect((await place(plain, 320)).companyId).toBeNull();
  });

  it('holds a $900 order for approval (stock reserved, not payable), mails the other admins, and an approval sends it on to payment', async () => {
    const before = await stock();
    const order = await place(buyer, 900);
    expect(order).toMatchObject({ status: 'awaiting approval', total: 900, companyId: companyA, paid: false });
    // It holds its parts one unpaid-order time from placing.
    expect(Date.parse(order.heldUntil) - Date.parse(order.createdAt)).toBe(server.config.unpaidOrderTtlMs);
    expect(await stock()).toBe(before - 90);

    const asked = await mailsOfKind('order-awaiting-approval', order._id);
    expect(asked.map((mail) => mail.to).sort()).toEqual([adminA.email, adminA2.email].sort());
    const toAda = await lastMailTo(server, adminA.email, 'order-awaiting-approval');
    expect(toAda?.data).toMatchObject({ orderId: order._id, buyerEmail: buyer.email, companyName: 'Alpha Fleet', spendingLimit: 500, total: 900 });
    const rendered = renderMail(toAda!, server.config.shop);
    expect(rendered.subject).toContain(`Order ${order.number} waits for your approval`);
    expect(rendered.text).toContain(`Bea Buyer (${buyer.email}) placed order ${order.number} for Alpha Fleet`);
    expect(rendered.text).toContain('Order total: $900.00. Their limit per order: $500.00.');
    expect(rendered.text).toContain(`${server.config.shop.publicUrl}/dashboard/company/orders`);
    // The buyer is not asked, and gets no "pay now" mail while it waits.
    expect(await mailsOfKind('order-placed', order._id)).toEqual([]);

    // Not payable while it waits.
    const intent = await call(server.app, 'POST', '/api/create-payment-intent', { token: buyer.token, body: { orderId: order._id } });
    expect(intent.statusCode).toBe(409);
    // My Orders and its page show it to its buyer; its company's admins see its page too.
    const mine = (await call(server.app, 'GET', `/api/orders/${buyer.email}`, { token: buyer.token })).json();
    expect(mine.find((o: { _id: string }) => o._id === order._id).status).toBe('awaiting approval');
    expect((await orderOf(buyer, order._id)).json().status).toBe('awaiting approval');
    expect((await orderOf(adminA2, order._id)).statusCode).toBe(200);
    expect((await orderOf(adminB, order._id)).statusCode).toBe(404);

    // Its buyer, another company's admin, a customer of none and staff may not approve it.
    expect((await approve(buyer, order._id)).statusCode).toBe(403);
    expect((await approve(adminB, order._id)).statusCode).toBe(404);
    expect((await approve(buyerB, order._id)).statusCode).toBe(404);
    expect((await approve(plain, order._id)).statusCode).toBe(404);
    expect((await approve(staff, order._id)).statusCode).toBe(403);
    expect((await call(server.app, 'POST', `/api/orders/${order._id}/approve`)).statusCode).toBe(401);

    const approved = await approve(adminA, order._id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'not paid', companyId: companyA });
    // The payment hold starts at the approval.
    expect(Date.parse(approved.json().heldUntil)).toBeGreaterThanOrEqual(Date.parse(order.createdAt) + server.config.unpaidOrderTtlMs);
    const row = await server.db.kysely.selectFrom('orders').select(['approved_by_user_id', 'approved_at']).where('id', '=', Number(order._id)).executeTakeFirstOrThrow();
    expect(row.approved_by_user_id).toBe(Number(adminA.id));
    expect(Date.parse(approved.json().heldUntil)).toBe(Date.parse(row.approved_at!) + server.config.unpaidOrderTtlMs);
    expect(await mailsOfKind('order-approved', order._id)).toEqual([expect.objectContaining({ to: buyer.email })]);
    expect(await stock()).toBe(before - 90);

    // Approved once: a second approval or a decline now is refused (409).
    expect((await approve(adminA2, order._id)).statusCode).toBe(409);
    expect((await decline(adminA2, order._id)).statusCode).toBe(409);
    // And it pays as any order.
    const paid = await payWithTestCard(server.app, buyer, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'pending', paid: true });

    const history = (await call(server.app, 'GET', `/api/orders/${order._id}/history`, { token: staff.token })).json();
    expect(history.map((e: { from: string | null; to: string; actor: string }) => [e.from, e.to, e.actor])).toEqual([
      [null, 'awaiting approval', 'customer'],
      ['awaiting approval', 'not paid', 'approver'],
      ['not paid', 'pending', 'payment'],
    ]);
  });

  it('a decline cancels the order with its reason, gives its stock back and tells the buyer why', async () => {
    const before = await stock();
    const order = await place(buyer, 900);
    expect(await stock()).toBe(before - 90);
    expect((await decline(adminA, order._id, '   ')).statusCode).toBe(400);
    expect((await decline(buyer, order._id)).statusCode).toBe(403);
    expect((await decline(adminB, order._id)).statusCode).toBe(404);
    expect((await decline(staff, order._id)).statusCode).toBe(403);

    const declined = await decline(adminA2, order._id, 'Over budget this month');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'cancelled', declineReason: 'Over budget this month', heldUntil: null });
    expect(await stock()).toBe(before);
    const told = await mailsOfKind('order-declined', order._id);
    expect(told).toEqual([expect.objectContaining({ to: buyer.email, data: expect.objectContaining({ reason: 'Over budget this month' }) })]);
    expect(renderMail(told[0]!, server.config.shop).text).toContain('Why: Over budget this month');
    expect(await mailsOfKind('order-cancelled', order._id)).toEqual([]);
    expect((await orderOf(buyer, order._id)).json().declineReason).toBe('Over budget this month');
    expect((await approve(adminA, order._id)).statusCode).toBe(409);
  });

  it('an admin who buys over their own limit cannot approve their own order; another admin can, and only they are asked', async () => {
    await server.db.kysely.updateTable('company_members').set({ spending_limit_cents: 10_000 }).where('user_id', '=', Number(adminA.id)).execute();
    try {
      const order = await place(adminA, 320);
      expect(order.status).toBe('awaiting approval');
      expect((await mailsOfKind('order-awaiting-approval', order._id)).map((mail) => mail.to)).toEqual([adminA2.email]);
      const own = await approve(adminA, order._id);
      expect(own.statusCode).toBe(403);
      expect((await decline(adminA, order._id)).statusCode).toBe(403);
      expect((await approve(adminA2, order._id)).json().status).toBe('not paid');
    } finally {
      await server.db.kysely.updateTable('company_members').set({ spending_limit_cents: null }).where('user_id', '=', Number(adminA.id)).execute();
    }
  });

  it('the buyer may cancel their own waiting order, its stock back', async () => {
    const before = await stock();
    const order = await place(buyer, 900);
    const cancelled = await call(server.app, 'POST', `/api/orders/${order._id}/cancel`, { token: buyer.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', declineReason: null });
    expect(await stock()).toBe(before);
  });

  it('a member removed orders for themselves again', async () => {
    const solo = await registerCustomer(server.app, 'Sam Soon-gone');
    await addMember(server.db.kysely, companyA, solo, 'buyer', 100);
    expect((await place(solo, 320)).status).toBe('awaiting approval');
    await server.db.kysely.deleteFrom('company_members').where('user_id', '=', Number(solo.id)).execute();
    expect(await place(solo, 320)).toMatchObject({ status: 'not paid', companyId: null });
  });

  it('a waiting order expires after one unpaid-order time, its stock back; an approved one holds from its approval', async () => {
    const ttl = server.config.unpaidOrderTtlMs;
    // A part of its own: the other tests' unpaid orders expire too, and their stock is theirs.
    const part = await createProduct(server.app, staff, { price: 10, stock: 1000, min: 1 });
    const waiting = await place(buyer, 900, part);
    expect(await stock(part)).toBe(910);
    const placedAt = new Date(Date.now() - ttl - 60_000).toISOString();
    await server.db.kysely.updateTable('orders').set({ created_at: placedAt }).where('id', '=', Number(waiting._id)).execute();
    expect((await orderOf(buyer, waiting._id)).json().heldUntil).toBe(new Date(Date.parse(placedAt) + ttl).toISOString());
    const approvedLate = await place(buyer, 900 - 10, part);
    await server.db.kysely.updateTable('orders').set({ created_at: placedAt }).where('id', '=', Number(approvedLate._id)).execute();
    expect((await approve(adminA, approvedLate._id)).statusCode).toBe(200);
    expect(await stock(part)).toBe(1000 - 90 - 89);

    await expireUnpaidOrders(server.db.kysely, ttl);
    expect((await orderOf(buyer, waiting._id)).json().status).toBe('expired');
    expect((await orderOf(buyer, approvedLate._id)).json().status).toBe('not paid');
    expect(await stock(part)).toBe(1000 - 89);
    const history = (await call(server.app, 'GET', `/api/orders/${waiting._id}/history`, { token: buyer.token })).json();
    expect(history.map((e: { from: string | null; to: string; actor: string }) => [e.from, e.to, e.actor])).toEqual([
      [null, 'awaiting approval', 'customer'],
      ['awaiting approval', 'expired', 'system'],
    ]);
    // One hold after its approval, it expires too.
    await expireUnpaidOrders(server.db.kysely, ttl, Date.now() + ttl + 60_000);
    expect((await orderOf(buyer, approvedLate._id)).json().status).toBe('expired');
    expect(await stock(part)).toBe(1000);
  });

  it("lists and exports the company's orders to its admins only", async () => {
    const mine = await place(buyer, 320);
    const theirs = await place(buyerB, 320);
    const list = await call(server.app, 'GET', `/api/companies/${companyA}/orders?limit=100`, { token: adminA.token });
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().items.map((o: { _id: string }) => o._id);
    expect(ids).toContain(mine._id);
    expect(ids).not.toContain(theirs._id);
    expect(list.json().items.every((o: { companyId: number }) => o.companyId === companyA)).toBe(true);
    const inA = await server.db.kysely.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('company_id', '=', companyA).executeTakeFirstOrThrow();
    expect(list.json().total).toBe(Number(inA.n));
    // Filters as on the staff list.
    const waiting = (await call(server.app, 'GET', `/api/companies/${companyA}/orders?status=not+paid&limit=100`, { token: adminA.token })).json();
    expect(waiting.items.every((o: { status: string }) => o.status === 'not paid')).toBe(true);

    const csv = await call(server.app, 'GET', `/api/companies/${companyA}/orders.csv`, { token: adminA2.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split(/\r?\n/);
    expect(rows[0]).toMatch(/^orderId,placedAt,status/);
    expect(rows.some((line) => line.startsWith(`"${mine._id}",`))).toBe(true);
    expect(rows.some((line) => line.startsWith(`"${theirs._id}",`))).toBe(false);

    for (const path of [`/api/companies/${companyA}/orders`, `/api/companies/${companyA}/orders.csv`]) {
      expect((await call(server.app, 'GET', path, { token: buyer.token })).statusCode).toBe(403);
      expect((await call(server.app, 'GET', path, { token: staff.token })).statusCode).toBe(403);
      expect((await call(server.app, 'GET', path, { token: adminB.token })).statusCode).toBe(404);
      expect((await call(server.app, 'GET', path, { token: buyerB.token })).statusCode).toBe(404);
      expect((await call(server.app, 'GET', path, { token: plain.token })).statusCode).toBe(404);
      expect((await call(server.app, 'GET', path)).statusCode).toBe(401);
    }
    // A buyer sees their own orders in My Orders, as ever, and not their colleagues'.
    const own = (await call(server.app, 'GET', `/api/orders/${buyer.email}`, { token: buyer.token })).json();
    expect(own.every((o: { email: string }) => o.email === buyer.email)).toBe(true);
    expect(own.map((o: { _id: string }) => o._id)).toContain(mine._id);
  });

  it('holds the limit under concurrency: parallel over-limit orders all wait, and of parallel approvals exactly one succeeds', async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => place(buyer, 900)));
    expect(orders.map((o) => o.status)).toEqual(Array(8).fill('awaiting approval'));

    const target = orders[0]._id as string;
    const answers = await Promise.all([adminA, adminA2, adminA, adminA2, adminA, adminA2].map((admin) => approve(admin, target)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const history = (await call(server.app, 'GET', `/api/orders/${target}/history`, { token: staff.token })).json();
    expect(history.filter((e: { to: string }) => e.to === 'not paid')).toHaveLength(1);
    expect(await mailsOfKind('order-approved', target)).toHaveLength(1);
  });

  it('a limit lowered while orders are placed: every order placed after the change waits', async () => {
    await server.db.kysely.updateTable('company_members').set({ spending_limit_cents: 100_000 }).where('user_id', '=', Number(buyer.id)).execute();
    const placing = Array.from({ length: 6 }, () => place(buyer, 900));
    await server.db.kysely.updateTable('company_members').set({ spending_limit_cents: 50_000 }).where('user_id', '=', Number(buyer.id)).execute();
    const changedAt = new Date().toISOString();
    const placed = await Promise.all(placing);
    const after = await Promise.all(Array.from({ length: 4 }, () => place(buyer, 900)));
    expect(after.map((o) => o.status)).toEqual(Array(4).fill('awaiting approval'));
    // Any of the first that went on to payment was placed (committed) before the limit changed.
    for (const order of placed.filter((o) => o.status === 'not paid')) expect(order.createdAt <= changedAt).toBe(true);
  });
});
