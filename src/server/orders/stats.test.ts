import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../shared/schemas.js';
import { loadConfig } from '../config.js';
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
import { shopDays } from './calendar.js';
import { movesSince, paidByDayQuery, SettledSales, salesStats } from './stats.js';

/** Oregon, picked up at the factory: no shipping, no tax, so revenue is the goods. */
const where = { phone: '+1 555 0100', shippingAddress: TEST_ADDRESS };
const VERMONT = { name: 'Receiving', line1: '1 Main St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' };

/** Places, pays, cancels or ships orders through the API; then dates them where the test needs them. */
function shop(server: () => TestServer) {
  return {
    async customer(name: string, email: string): Promise<Account> {
      const response = await call(server().app, 'POST', '/api/auth/register', { body: { name, email, password: 'secret-password' } });
      expect(response.statusCode).toBe(201);
      return { token: response.json().token, email, name, id: response.json().user._id };
    },
    async order(buyer: Account, lines: [productId: string, quantity: number][], to: object = where): Promise<number> {
      const body = { ...to, lines: lines.map(([productId, quantity]) => ({ productId, quantity })) };
      const response = await call(server().app, 'POST', '/api/orders', { token: buyer.token, body });
      expect(response.statusCode).toBe(201);
      return Number(response.json()._id);
    },
    async pay(buyer: Account, id: number) {
      expect((await payWithTestCard(server().app, buyer, String(id))).statusCode).toBe(200);
    },
    /** When it was placed and, if paid, when the payment came in. */
    async date(id: number, at: { created: string; paid?: string }) {
      await server()
        .db.kysely.updateTable('orders')
        .set({ created_at: at.created, ...(at.paid ? { invoiced_at: at.paid } : {}) })
        .where('id', '=', id)
        .execute();
    },
  };
}

describe(`sales overview (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  const { customer, order, pay, date } = shop(() => server);
  const stats = (query: string) => call(server.app, 'GET', `/api/admin/stats?${query}`, { token: admin.token });
  const ids: Record<'delta' | 'alpha' | 'beta' | 'gamma', string> = { delta: '', alpha: '', beta: '', gamma: '' };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    const part = (name: string, price: number) => createProduct(server.app, admin, { name, price, stock: 1000, min: 1 });
    // Delta first: a lower id than Alpha, which ties with it on revenue and must still come first by name.
    ids.delta = await part('Delta Hose', 20);
    ids.alpha = await part('Alpha Disc', 10);
    ids.beta = await part('Beta Filter', 2.5);
    ids.gamma = await part('Gamma Pad', 7.25);
    // Zed registers first and ties with Amy: Amy still comes first by e-mail.
    const zed = await customer('Zed Last', 'zed@example.com');
    const amy = await customer('Amy First', 'amy@example.com');
    const cy = await customer('Cy Other', 'cy@example.com');

    // The period is 2024-05-01 to 2024-05-03 (UTC).
    const o1 = await order(amy, [[ids.alpha, 2], [ids.beta, 4]]); // $30, 6 units
    await pay(amy, o1);
    await date(o1, { created: '2024-04-30T22:00:00.000Z', paid: '2024-05-01T00:00:00.000Z' }); // placed before, paid at the first instant
    const renamed = await call(server.app, 'PATCH', `/api/products/${ids.beta}`, { token: admin.token, body: { name: 'Beta Filter XL' } });
    expect(renamed.statusCode).toBe(200);
    const o2 = await order(zed, [[ids.delta, 1], [ids.beta, 6]]); // $35, 7 units
    await pay(zed, o2);
    await date(o2, { created: '2024-05-03T20:00:00.000Z', paid: '2024-05-03T23:59:59.999Z' }); // the last instant
    const o3 = await order(amy, [[ids.beta, 2]]); // $5, 2 units
    await pay(amy, o3);
    await date(o3, { created: '2024-05-03T09:00:00.000Z', paid: '2024-05-03T10:00:00.000Z' });

    const unpaid = await order(cy, [[ids.alpha, 1]]);
    await date(unpaid, { created: '2024-05-02T12:00:00.000Z' });
    const cancelled = await order(cy, [[ids.gamma, 1]]);
    expect((await call(server.app, 'DELETE', `/api/orders/${cancelled}`, { token: cy.token })).statusCode).toBe(200);
    await date(cancelled, { created: '2024-05-02T13:00:00.000Z' });
    const expired = await order(cy, [[ids.delta, 1]]);
    await server.db.kysely.updateTable('orders').set({ status: 'expired' }).where('id', '=', expired).execute();
    await date(expired, { created: '2024-05-01T08:00:00.000Z' });
    const shippedLater = await order(zed, [[ids.alpha, 3]]);
    await pay(zed, shippedLater);
    expect((await call(server.app, 'PATCH', `/api/orders/${shippedLater}`, { token: admin.token, body: { status: 'shipped' } })).statusCode).toBe(200);
    await date(shippedLater, { created: '2024-05-03T12:00:00.000Z', paid: '2024-05-04T00:00:00.000Z' }); // the next day's first instant
    const paidBefore = await order(cy, [[ids.alpha, 1]]);
    await pay(cy, paidBefore);
    await date(paidBefore, { created: '2024-04-30T23:00:00.000Z', paid: '2024-04-30T23:59:59.999Z' });
  });
  afterAll(() => server.close());

  it('sums the paid orders by the day they were paid, every day listed, unpaid, cancelled and expired ones left out', async () => {
    const response = await stats('from=2024-05-01&to=2024-05-03');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ revenue: 70, tax: 0, orders: 3, units: 15, averageOrderValue: 23.33 });
    expect(body.byDay).toEqual([
      { date: '2024-05-01', revenue: 30, orders: 1 },
      { date: '2024-05-02', revenue: 0, orders: 0 },
      { date: '2024-05-03', revenue: 40, orders: 2 },
    ]);
  });

  it('ranks parts and customers by revenue, ties by name and e-mail, each part named as its last sale named it', async () => {
    const body = (await stats('from=2024-05-01&to=2024-05-03')).json();
    const sku = async (id: string) => (await call(server.app, 'GET', `/api/products/${id}`)).json().sku as string;
    expect(body.topProducts).toEqual([
      { productId: ids.beta, sku: await sku(ids.beta), name: 'Beta Filter XL', revenue: 30, units: 12 },
      { productId: ids.alpha, sku: await sku(ids.alpha), name: 'Alpha Disc', revenue: 20, units: 2 },
      { productId: ids.delta, sku: await sku(ids.delta), name: 'Delta Hose', revenue: 20, units: 1 },
    ]);
    expect(body.topProductsByUnits.map((p: { name: string; units: number }) => [p.name, p.units])).toEqual([
      ['Beta Filter XL', 12],
      ['Alpha Disc', 2],
      ['Delta Hose', 1],
    ]);
    expect(body.topCustomers).toEqual([
      { email: 'amy@example.com', name: 'Amy First', revenue: 35, orders: 2 },
      { email: 'zed@example.com', name: 'Zed Last', revenue: 35, orders: 1 },
    ]);
  });

  it('counts the orders placed in the period by their status now, every status named', async () => {
    const body = (await stats('from=2024-05-01&to=2024-05-03')).json();
    expect(body.byStatus).toEqual({ 'awaiting approval': 0, 'not paid': 1, pending: 2, 'partially shipped': 0, shipped: 1, cancelled: 1, expired: 1 });
  });

  it('counts a payment on the day it came in, not the day the order was placed', async () => {
    const mayFourth = (await stats('from=2024-05-04&to=2024-05-04')).json();
    expect(mayFourth).toMatchObject({ revenue: 30, orders: 1, units: 3, byStatus: { shipped: 0 } });
    const aprilThirtieth = (await stats('from=2024-04-30&to=2024-04-30')).json();
    expect(aprilThirtieth).toMatchObject({ revenue: 10, orders: 1, byStatus: { pending: 2, shipped: 0 } });
  });

  it('answers zeros for a period without orders', async () => {
    const body = (await stats('from=2023-01-01&to=2023-01-02')).json();
    expect(body).toEqual({
      revenue: 0,
      tax: 0,
      refunds: 0,
      orders: 0,
      units: 0,
      averageOrderValue: 0,
      byDay: [
        { date: '2023-01-01', revenue: 0, orders: 0 },
        { date: '2023-01-02', revenue: 0, orders: 0 },
      ],
      topProducts: [],
      topProductsByUnits: [],
      topCustomers: [],
      topCompanies: [],
      byStatus: { 'awaiting approval': 0, 'not paid': 0, pending: 0, 'partially shipped': 0, shipped: 0, cancelled: 0, expired: 0 },
    });
  });

  it('lists ten parts at most', async () => {
    const buyer = await registerCustomer(server.app, 'Many Parts');
    const parts: string[] = [];
    for (let price = 1; price <= 12; price += 1) parts.push(await createProduct(server.app, admin, { name: `Part ${price}`, price, stock: 10, min: 1 }));
    const id = await order(buyer, parts.map((part) => [part, 1]));
    await pay(buyer, id);
    await date(id, { created: '2024-06-01T11:00:00.000Z', paid: '2024-06-01T12:00:00.000Z' });
    const body = (await stats('from=2024-06-01&to=2024-06-01')).json();
    expect(body.topProducts.map((p: { name: string }) => p.name)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Part ${n}`));
    // One unit of each: by units they tie, and the names decide.
    expect(body.topProductsByUnits.map((p: { name: string }) => p.name)).toEqual([1, 10, 11, 12, 2, 3, 4, 5, 6, 7].map((n) => `Part ${n}`));
    expect(body).toMatchObject({ revenue: 78, units: 12, topCustomers: [{ name: 'Many Parts', revenue: 78, orders: 1 }] });
  });

  it('refuses dates that are not YYYY-MM-DD days, a start after the end, and periods over 400 days', async () => {
    const fieldsOf = async (query: string) => {
      const response = await stats(query);
      expect(response.statusCode, query).toBe(400);
      return response.json().error.fields;
    };
    expect(await fieldsOf('from=2024-5-01&to=2024-05-03')).toEqual({ from: fieldMessages.dateInvalid });
    expect(await fieldsOf('from=2024-02-30&to=2024-03-03')).toEqual({ from: fieldMessages.dateInvalid });
    expect(await fieldsOf('from=2024-05-01')).toEqual({ to: fieldMessages.dateInvalid });
    expect(await fieldsOf('from=2024-05-04&to=2024-05-03')).toEqual({ from: 'From must not be after To' });
    expect(await fieldsOf('from=2024-01-01&to=2025-02-04')).toEqual({ to: 'A period is at most 400 days' });
    expect((await stats('from=2024-01-01&to=2025-02-03')).json().byDay).toHaveLength(400);
  });
});

describe(`sales overview by company (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  const { customer, order, pay, date } = shop(() => server);
  const stats = (query: string) => call(server.app, 'GET', `/api/admin/stats?${query}`, { token: admin.token });
  const company = async (name: string, applicant: Account) => {
    const row = await server.db.kysely
      .insertInto('companies')
      .values({
        name,
        vat_id: null,
        tax_certificate: null,
        phone: '+1 555 0100',
        address: JSON.stringify(TEST_ADDRESS),
        status: 'approved',
        decline_reason: null,
        price_list_id: null,
        applicant_user_id: Number(applicant.id),
        decided_at: null,
        decided_by_user_id: null,
        created_at: '2024-01-01T00:00:00.000Z',
        updated_at: '2024-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  /** The orders domain's column: which company an order belongs to. */
  const belongsTo = (orderId: number, companyId: number) => server.db.kysely.updateTable('orders').set({ company_id: companyId }).where('id', '=', orderId).execute();
  let acme = 0;
  let zeta = 0;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    const disc = await createProduct(server.app, admin, { name: 'Company Disc', price: 10, stock: 1000, min: 1 });
    const belt = await createProduct(server.app, admin, { name: 'Company Belt', price: 4, stock: 1000, min: 1 });
    const amy = await customer('Amy Acme', 'amy@acme.example');
    const bob = await customer('Bob Acme', 'bob@acme.example');
    const cy = await customer('Cy Zeta', 'cy@zeta.example');
    const dan = await customer('Dan Alone', 'dan@alone.example');
    // Zeta is made first: the lower id.
    zeta = await company('Zeta Works', cy);
    acme = await company('Acme Fleet', amy);

    // The period is 2024-06-01 to 2024-06-02 (UTC).
    const paid = async (buyer: Account, lines: [string, number][], companyId: number | null, created: string, paidAt: string) => {
      const id = await order(buyer, lines);
      await pay(buyer, id);
      await date(id, { created, paid: paidAt });
      if (companyId !== null) await belongsTo(id, companyId);
      return id;
    };
    await paid(amy, [[disc, 3]], acme, '2024-06-01T09:00:00.000Z', '2024-06-01T10:00:00.000Z'); // Acme $30, 3 units
    await paid(bob, [[belt, 5]], acme, '2024-06-02T08:00:00.000Z', '2024-06-02T09:00:00.000Z'); // Acme $20, 5 units
    await paid(cy, [[disc, 6]], zeta, '2024-06-01T11:00:00.000Z', '2024-06-01T12:00:00.000Z'); // Zeta $60
    await paid(dan, [[belt, 10]], null, '2024-06-02T10:00:00.000Z', '2024-06-02T11:00:00.000Z'); // no company, $40
    await paid(cy, [[disc, 2]], zeta, '2024-05-31T22:00:00.000Z', '2024-05-31T23:00:00.000Z'); // Zeta, paid the day before
    const unpaid = await order(bob, [[disc, 1]]);
    await date(unpaid, { created: '2024-06-01T15:00:00.000Z' });
    await belongsTo(unpaid, acme);
  });
  afterAll(() => server.close());

  it('ranks the companies by revenue, named, orders of no company left out', async () => {
    const body = (await stats('from=2024-06-01&to=2024-06-02')).json();
    expect(body).toMatchObject({ revenue: 150, orders: 4 });
    expect(body.topCompanies).toEqual([
      { companyId: zeta, name: 'Zeta Works', revenue: 60, orders: 1 },
      { companyId: acme, name: 'Acme Fleet', revenue: 50, orders: 2 },
    ]);
  });

  it("with companyId sums that company's orders only: days, parts, customers, statuses", async () => {
    const response = await stats(`from=2024-06-01&to=2024-06-02&companyId=${acme}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ revenue: 50, orders: 2, units: 8, averageOrderValue: 25, refunds: 0 });
    expect(body.byDay).toEqual([
      { date: '2024-06-01', revenue: 30, orders: 1 },
      { date: '2024-06-02', revenue: 20, orders: 1 },
    ]);
    expect(body.topProducts.map((p: { name: string; revenue: number; units: number }) => [p.name, p.revenue, p.units])).toEqual([
      ['Company Disc', 30, 3],
      ['Company Belt', 20, 5],
    ]);
    expect(body.topCustomers.map((c: { email: string; revenue: number }) => [c.email, c.revenue])).toEqual([
      ['amy@acme.example', 30],
      ['bob@acme.example', 20],
    ]);
    expect(body.topCompanies).toEqual([{ companyId: acme, name: 'Acme Fleet', revenue: 50, orders: 2 }]);
    expect(body.byStatus).toMatchObject({ 'not paid': 1, pending: 2 });
    // Zeta's order paid the day before counts on that day only.
    expect((await stats(`from=2024-05-31&to=2024-05-31&companyId=${zeta}`)).json()).toMatchObject({ revenue: 20, orders: 1, topCompanies: [{ name: 'Zeta Works', revenue: 20 }] });
  });

  it('sums a company alike with its days still going on (read each time) and settled (kept per company)', async () => {
    const query = { from: '2024-06-01', to: '2024-06-02', companyId: acme };
    const settled = new SettledSales();
    // At noon on the 2nd: the 1st is over (kept), the 2nd still going on (read).
    const noon = Date.parse('2024-06-02T12:00:00.000Z');
    const going = await salesStats(server.db.kysely, query, 'UTC', settled, noon);
    expect(going).toMatchObject({ revenue: 50, orders: 2, topCompanies: [{ companyId: acme, revenue: 50, orders: 2 }] });
    expect(going.byDay).toEqual([
      { date: '2024-06-01', revenue: 30, orders: 1 },
      { date: '2024-06-02', revenue: 20, orders: 1 },
    ]);
    // The same server's cache asked for the whole shop's period next: not Acme's figures.
    const everyone = await salesStats(server.db.kysely, { from: '2024-06-01', to: '2024-06-02' }, 'UTC', settled, noon);
    expect(everyone).toMatchObject({ revenue: 150, orders: 4 });
    expect(everyone.topCompanies).toEqual([
      { companyId: zeta, revenue: 60, orders: 1 },
      { companyId: acme, revenue: 50, orders: 2 },
    ]);
  });

  it('answers zeros for a company without orders, and refuses a companyId that is not an id', async () => {
    const none = (await stats('from=2024-06-01&to=2024-06-02&companyId=999999')).json();
    expect(none).toMatchObject({ revenue: 0, orders: 0, topProducts: [], topCustomers: [], topCompanies: [], byStatus: { 'not paid': 0, pending: 0 } });
    const refused = await stats('from=2024-06-01&to=2024-06-02&companyId=abc');
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual(['companyId']);
  });
});

describe(`sales overview of taxed orders (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  const { customer, order, pay, date } = shop(() => server);
  const stats = (query: string) => call(server.app, 'GET', `/api/admin/stats?${query}`, { token: admin.token });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  it('counts goods and shipping as revenue and reports the tax beside it, never in it', async () => {
    const part = await createProduct(server.app, admin, { name: 'Caliper', price: 120, stock: 100, min: 1, weightGrams: 1500 });
    const buyer = await customer('Vera Mont', 'vera@example.com');
    // 2 × $120 = $240.00, 3,000 g: ground $11.00; Vermont 6 % on both: $14.40 + $0.66 = $15.06; charged $266.06.
    const taxed = await order(buyer, [[part, 2]], { ...where, shippingAddress: VERMONT, shippingMethodId: 'ground' });
    await pay(buyer, taxed);
    await date(taxed, { created: '2024-07-01T09:00:00.000Z', paid: '2024-07-01T10:00:00.000Z' });
    // 1 × $120 to Oregon, picked up: $120.00, no tax.
    const untaxed = await order(buyer, [[part, 1]]);
    await pay(buyer, untaxed);
    await date(untaxed, { created: '2024-07-01T11:00:00.000Z', paid: '2024-07-01T12:00:00.000Z' });

    const body = (await call(server.app, 'GET', '/api/admin/stats?from=2024-07-01&to=2024-07-01', { token: admin.token })).json();
    // Revenue $251.00 + $120.00 = $371.00 over 2 orders ($185.50 each); tax $15.06.
    expect(body).toMatchObject({ revenue: 371, tax: 15.06, orders: 2, units: 3, averageOrderValue: 185.5 });
    expect(body.byDay).toEqual([{ date: '2024-07-01', revenue: 371, orders: 2 }]);
    expect(body.topCustomers).toEqual([{ email: 'vera@example.com', name: 'Vera Mont', revenue: 371, orders: 2 }]);
    // A part's revenue is its goods only.
    expect(body.topProducts).toEqual([expect.objectContaining({ name: 'Caliper', revenue: 360, units: 3 })]);
  });

  it('leaves core deposits out of revenue: they go back to the buyer with the old unit', async () => {
    const part = await createProduct(server.app, admin, { name: 'Starter', price: 200, stock: 100, min: 1, coreCharge: 25 });
    const buyer = await customer('Cora Core', 'cora@example.com');
    // 2 × $200.00 = $400.00 goods and 2 × $25.00 = $50.00 deposits, to Oregon, picked up: charged $450.00.
    const withCores = await order(buyer, [[part, 2]]);
    await pay(buyer, withCores);
    await date(withCores, { created: '2024-09-01T09:00:00.000Z', paid: '2024-09-01T10:00:00.000Z' });

    const body = (await stats('from=2024-09-01&to=2024-09-01')).json();
    expect(body).toMatchObject({ revenue: 400, tax: 0, orders: 1, units: 2 });
    expect(body.byDay).toEqual([{ date: '2024-09-01', revenue: 400, orders: 1 }]);
    expect(body.topCustomers).toEqual([{ email: 'cora@example.com', name: 'Cora Core', revenue: 400, orders: 1 }]);
  });

  it("counts a paid order the shop cancelled in the revenue of the day it was paid, and its refund on the day it went back", async () => {
    const part = await createProduct(server.app, admin, { name: 'Rotor', price: 45.5, stock: 100, min: 1 });
    const buyer = await customer('Can Celled', 'cancelled@example.com');
    // 2 × $45.50 = $91.00 to Oregon, picked up: charged $91.00, no tax.
    const id = await order(buyer, [[part, 2]]);
    await pay(buyer, id);
    await date(id, { created: '2024-08-01T09:00:00.000Z', paid: '2024-08-01T10:00:00.000Z' });
    const settled = (await stats('from=2024-08-01&to=2024-08-01')).json();
    expect(settled).toMatchObject({ revenue: 91, orders: 1, refunds: 0 });

    expect((await call(server.app, 'POST', `/api/orders/${id}/cancel`, { token: admin.token })).statusCode).toBe(200);
    await server.db.kysely.updateTable('refunds').set({ created_at: '2024-08-03T15:00:00.000Z' }).where('order_id', '=', id).execute();
    // The day it was paid is as it was (a server that kept it settled and one reading it afresh agree).
    expect((await stats('from=2024-08-01&to=2024-08-01')).json()).toMatchObject({ revenue: 91, orders: 1, refunds: 0 });
    expect((await stats('from=2024-08-02&to=2024-08-03')).json()).toMatchObject({ revenue: 0, orders: 0, refunds: 91 });
    // Over both: $91.00 in, $91.00 back.
    expect((await stats('from=2024-08-01&to=2024-08-31')).json()).toMatchObject({ revenue: 91, orders: 1, refunds: 91, byStatus: { cancelled: 1, pending: 0 } });
  });
});

describe(`sales overview in the shop's time zone (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  const { customer, order, pay, date } = shop(() => server);
  const stats = async (from: string, to: string) =>
    (await call(server.app, 'GET', `/api/admin/stats?from=${from}&to=${to}`, { token: admin.token })).json();

  beforeAll(async () => {
    server = await startTestServer({ SHOP_TIME_ZONE: 'America/New_York' });
    admin = await registerAdmin(server);
    const part = await createProduct(server.app, admin, { name: 'Sensor', price: 10, stock: 100, min: 1 });
    const buyer = await customer('Night Owl', 'owl@example.com');
    const paidAt = async (paid: string, created = paid) => {
      const id = await order(buyer, [[part, 1]]);
      await pay(buyer, id);
      await date(id, { created, paid });
    };
    await paidAt('2024-06-15T03:30:00.000Z', '2024-06-15T03:00:00.000Z'); // 23:30 on 14 June in New York (EDT, UTC−4)
    await paidAt('2024-03-10T04:30:00.000Z'); // 23:30 on 9 March (EST, UTC−5)
    await paidAt('2024-03-11T03:59:59.999Z'); // 23:59:59 on 10 March, after the clocks went forward (EDT)
    await paidAt('2024-03-11T04:30:00.000Z'); // 00:30 on 11 March (EDT)
    await paidAt('2024-11-04T04:30:00.000Z'); // 23:30 on 3 November, after the clocks went back (EST)
  });
  afterAll(() => server.close());

  it('puts a payment at 23:30 local time on the local date, not the UTC one', async () => {
    expect((await stats('2024-06-14', '2024-06-15')).byDay).toEqual([
      { date: '2024-06-14', revenue: 10, orders: 1 },
      { date: '2024-06-15', revenue: 0, orders: 0 },
    ]);
    expect((await stats('2024-06-14', '2024-06-14')).byStatus).toMatchObject({ pending: 1 });
    expect((await stats('2024-06-15', '2024-06-15')).byStatus).toMatchObject({ pending: 0 });
  });

  it('follows the clocks on the days summer time starts and ends', async () => {
    expect((await stats('2024-03-09', '2024-03-11')).byDay).toEqual([
      { date: '2024-03-09', revenue: 10, orders: 1 },
      { date: '2024-03-10', revenue: 10, orders: 1 },
      { date: '2024-03-11', revenue: 10, orders: 1 },
    ]);
    expect(await stats('2024-11-03', '2024-11-03')).toMatchObject({ revenue: 10, orders: 1 });
    expect(await stats('2024-11-04', '2024-11-04')).toMatchObject({ revenue: 0, orders: 0 });
  });
});

describe(`sales overview of a period running to today (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  const { order, pay, date } = shop(() => server);
  const utcDate = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const period = `from=${utcDate(2)}&to=${utcDate(0)}`;
  const stats = async () => (await call(server.app, 'GET', `/api/admin/stats?${period}`, { token: admin.token })).json();
  let late: Account;
  let latePart: string;
  let paidEarlier: number;
  const leaderParts: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    const paidTwoDaysAgo = async (buyer: Account, part: string, quantity: number) => {
      const id = await order(buyer, [[part, quantity]]);
      await pay(buyer, id);
      await date(id, { created: `${utcDate(2)}T11:00:00.000Z`, paid: `${utcDate(2)}T12:00:00.000Z` });
      paidEarlier = id;
    };
    // Ten parts and ten accounts lead, two days ago (a day that is over); one part and one account trail.
    for (let n = 1; n <= 10; n += 1) {
      const part = await createProduct(server.app, admin, { name: `Leader ${n}`, price: 10, stock: 100, min: 1 });
      leaderParts.push(part);
      await paidTwoDaysAgo(await registerCustomer(server.app, `Buyer ${n}`), part, n + 1);
    }
    late = await registerCustomer(server.app, 'Late Buyer');
    latePart = await createProduct(server.app, admin, { name: 'Late Part', price: 10, stock: 100, min: 1 });
    await paidTwoDaysAgo(late, latePart, 1);
  });
  afterAll(() => server.close());

  it("adds today's payments to the days that are over: a part or account that trailed can lead", async () => {
    const before = await stats();
    expect(before).toMatchObject({ revenue: 660, orders: 11, units: 66 });
    expect(before.topProducts.map((p: { name: string }) => p.name)).not.toContain('Late Part');
    expect(before.topCustomers.map((c: { name: string }) => c.name)).not.toContain('Late Buyer');

    await pay(late, await order(late, [[latePart, 20]]));
    const after = await stats();
    expect(after).toMatchObject({ revenue: 860, orders: 12, units: 86 });
    expect(after.byDay.at(-1)).toEqual({ date: utcDate(0), revenue: 200, orders: 1 });
    expect(after.topProducts[0]).toMatchObject({ productId: latePart, name: 'Late Part', revenue: 210, units: 21 });
    expect(after.topProductsByUnits[0]).toMatchObject({ name: 'Late Part', units: 21 });
    expect(after.topProducts.map((p: { name: string }) => p.name)).not.toContain('Leader 1');
    expect(after.topCustomers[0]).toEqual({ email: late.email, name: 'Late Buyer', revenue: 210, orders: 2 });
  });

  it('answers overviews asked at once as it answers one asked alone', async () => {
    const alone = await stats();
    const atOnce = await Promise.all(Array.from({ length: 5 }, () => stats()));
    expect(atOnce).toEqual(Array.from({ length: 5 }, () => alone));
  });

  it('counts the orders of the days that are over by their status now, after one is shipped', async () => {
    const before = (await stats()).byStatus;
    expect(before).toMatchObject({ pending: 12, shipped: 0 });
    const shipped = await call(server.app, 'PATCH', `/api/orders/${paidEarlier}`, { token: admin.token, body: { status: 'shipped' } });
    expect(shipped.statusCode).toBe(200);
    expect((await stats()).byStatus).toEqual({ ...before, pending: 11, shipped: 1 });
  });

  it('ranks the same when a server keeps only ten settled leaders: a part below them counts when what it sold since can close the gap', async () => {
    const query = { from: utcDate(2), to: utcDate(0) };
    const ranking = async (settled: SettledSales) => {
      const { topProducts, topProductsByUnits } = await salesStats(server.db.kysely, query, 'UTC', settled);
      return { topProducts, topProductsByUnits };
    };
    // Late Part trailed every leader in the settled days (1 unit); its 20 units today put it first.
    const fewKept = await ranking(new SettledSales(10));
    expect(fewKept.topProducts[0]).toMatchObject({ name: 'Late Part', units: 21 });
    expect(fewKept).toEqual(await ranking(new SettledSales()));

    // Every leader sells 50 more today: Late Part, 1 + 20 units, cannot reach the tenth any more.
    for (const part of leaderParts) await pay(late, await order(late, [[part, 50]]));
    const outrun = await ranking(new SettledSales(10));
    expect(outrun.topProducts.map((p) => p.name)).not.toContain('Late Part');
    expect(outrun.topProducts).toHaveLength(10);
    expect(outrun).toEqual(await ranking(new SettledSales()));
  });
});

/*
 * Whether the overview stays fast as the shop grows depends on what the database reads, which no answer
 * shows at a test's size: these read the plans and check that no step reads every order.
 */
describe(`sales overview: what the database reads (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const planOf = async (query: RawBuilder<unknown>) => {
    const k = server.db.kysely;
    if (databaseKind === 'postgres') return (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(k)).rows.map((row) => row['QUERY PLAN']);
    return (await sql<{ detail: string }>`explain query plan ${query}`.execute(k)).rows.map((row) => row.detail);
  };

  it("finds the moves by their date first and then each one's order by its id, never a join over the period's orders", async () => {
    const plan = await planOf(movesSince({ starts: '2025-01-01T00:00:00.000Z', ends: '2026-01-01T00:00:00.000Z' }));
    if (databaseKind === 'postgres') {
      expect(plan.join('\n')).toMatch(/SubPlan/);
      expect(plan.join('\n')).toMatch(/Index Scan using \S+ on orders o\b.*\n\s+Index Cond: \(id = e\.order_id\)/);
      expect(plan.join('\n')).not.toMatch(/Join|Seq Scan on orders/);
    } else {
      expect(plan).toContainEqual(expect.stringMatching(/^SEARCH e USING INDEX \S+ \(created_at>\?\)$/));
      expect(plan).toContainEqual('SEARCH o USING INTEGER PRIMARY KEY (rowid=?)');
      expect(plan.some((step) => /^SCAN (e|o)\b/.test(step))).toBe(false);
    }
  });

  // PostgreSQL plans this join by its statistics, at a test's size unlike a shop's; SQLite keeps none here.
  it.runIf(databaseKind === 'sqlite')("searches each day's payments by that day's own bounds, after reading the days", async () => {
    const plan = await planOf(paidByDayQuery(shopDays('UTC', '2025-01-01', '2025-12-31')));
    const days = plan.indexOf('SCAN days');
    const payments = plan.findIndex((step) => /^SEARCH o USING .*INDEX \S+ \(.*invoiced_at>\? AND invoiced_at<\?\)$/.test(step));
    expect(days).toBeGreaterThanOrEqual(0);
    expect(payments).toBeGreaterThan(days);
  });
});

describe('SHOP_TIME_ZONE', () => {
  it('defaults to UTC, takes any IANA zone in its own spelling, and refuses an unknown one', () => {
    expect(loadConfig({}).shop.timeZone).toBe('UTC');
    expect(loadConfig({ SHOP_TIME_ZONE: 'america/new_york' }).shop.timeZone).toBe('America/New_York');
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(/SHOP_TIME_ZONE: must be an IANA time zone/);
  });
});
