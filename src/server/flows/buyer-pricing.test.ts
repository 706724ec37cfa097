/**
 * What a member of a trade account pays (issue 63), through the API with real rows: the quote, the
 * placed order's lines, the cart and the product answers, worked out by hand; public answers never carry
 * a member's prices, on this server or another one on the same database, with the response cache on.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates.js';
import { now } from '../db/schema.js';
import { shopToday } from '../shipping-tax/service.js';
import { type Account, anotherAppServer, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, TEST_ADDRESS, type TestServer } from '../test/harness.js';

const SHIPPING = {
  zones: [{ id: 'us', name: 'US', countries: ['US'] }],
  methods: [{ id: 'pickup', zoneId: 'us', name: 'Pickup', kind: 'flat', price: 0, minDays: 0, maxDays: 1 }],
};
const TAX = { rates: [{ id: 'us-vt', name: 'Vermont sales tax', country: 'US', region: 'VT', taxClass: 'standard', rate: 6, shipping: true }] };
const VERMONT = { country: 'US', region: 'VT', postalCode: '05001' };

describe(`member pricing (${databaseKind})`, () => {
  let server: TestServer;
  let other: FastifyInstance;
  let admin: Account;
  let member: Account;
  let visitor: Account;
  let companyId: number;
  const parts: Record<string, string> = {};

  const putList = (body: object) => call(server.app, 'PUT', '/api/admin/price-lists/trade', { token: admin.token, body });
  const trade = (more: object = {}) => ({
    name: 'Trade',
    discountPercent: 10,
    prices: [
      { productId: Number(parts.C), minQuantity: 1, price: 18 },
      { productId: Number(parts.C), minQuantity: 100, price: 14 },
      { productId: Number(parts.D), minQuantity: 10, price: 12 },
      { productId: Number(parts.E), minQuantity: 1, price: 6 },
    ],
    ...more,
  });
  const quote = (lines: { productId: string; quantity: number }[], token?: string, app = server.app, to: object = TEST_ADDRESS) =>
    call(app, 'POST', '/api/checkout/quote', { token, body: { lines: lines.map((line) => ({ productId: Number(line.productId), quantity: line.quantity })), shippingAddress: to } });
  const unitPrices = async (lines: { productId: string; quantity: number }[], token?: string) => {
    const answer = await quote(lines, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().lines as { unitPrice: number }[]).map((line) => line.unitPrice);
  };

  beforeAll(async () => {
    // The public cache on, as in production: a member's prices must never get into it.
    server = await startTestServer({ PUBLIC_CACHE_MS: '60000' });
    other = await anotherAppServer(server);
    admin = await registerAdmin(server);
    member = await registerCustomer(server.app, 'Member Buyer');
    visitor = await registerCustomer(server.app, 'Walk-in Buyer');
    expect((await call(server.app, 'PUT', '/api/admin/shipping', { token: admin.token, body: SHIPPING })).statusCode).toBe(200);
    expect((await call(server.app, 'PUT', '/api/admin/tax', { token: admin.token, body: TAX })).statusCode).toBe(200);
    const part = (price: number, priceBreaks: object[] = []) => createProduct(server.app, admin, { price, priceBreaks, stock: 1000, min: 1 });
    parts.A = await part(10); // no tiers, not on the list: 10 % off
    parts.B = await part(10, [{ minQuantity: 10, price: 8.5 }]); // a public tier below the discount
    parts.C = await part(20, [{ minQuantity: 50, price: 15 }]); // fixed list tiers and a public one between them
    parts.D = await part(20); // a fixed price from 10 only
    parts.E = await part(5); // a fixed price above the public one
    expect((await putList(trade())).statusCode).toBe(200);
    const at = now();
    const company = await server.db.kysely
      .insertInto('companies')
      .values({
        name: 'Wu Garage',
        vat_id: null,
        tax_certificate: 'VT-RESALE-77',
        phone: '5550100',
        address: JSON.stringify({ ...TEST_ADDRESS, line2: '', phone: '', company: 'Wu Garage' }),
        status: 'approved',
        decline_reason: null,
        price_list_id: 'trade',
        applicant_user_id: Number(member.id),
        decided_at: at,
        decided_by_user_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyId = company.id;
    await server.db.kysely.insertInto('company_members').values({ user_id: Number(member.id), company_id: companyId, role: 'admin', spending_limit_cents: null, created_at: at }).execute();
  });
  afterAll(async () => {
    await other.close();
    await server.close();
  });

  // Each line: [part, quantity, public unit price, member's unit price], worked out by hand.
  const TABLE: [string, number, number, number][] = [
    ['A', 1, 10, 9], // 10 % off $10.00
    ['A', 30, 10, 9],
    ['B', 1, 10, 9], // 10 % off beats the base price …
    ['B', 10, 8.5, 8.5], // … the public tier $8.50 beats $9.00
    ['C', 1, 20, 18], // fixed $18 (the discount never applies to a part the list names)
    ['C', 50, 15, 15], // public tier $15 beats fixed $18
    ['C', 99, 15, 15],
    ['C', 100, 15, 14], // fixed tier $14 beats $15
    ['D', 9, 20, 20], // no list price below the first fixed tier: public
    ['D', 10, 20, 12],
    ['E', 3, 5, 5], // the list's $6 costs more than public $5
  ];
  const lines = () => TABLE.map(([name, quantity]) => ({ productId: parts[name]!, quantity }));

  it('quotes and orders each line at the lowest of the public tier and the list price; everyone else at the public one', async () => {
    // A quote names each part once: one quote a row.
    const each = async (token?: string) => (await Promise.all(lines().map((line) => unitPrices([line], token)))).flat();
    expect(await each(member.token)).toEqual(TABLE.map((row) => row[3]));
    expect(await each(visitor.token)).toEqual(TABLE.map((row) => row[2]));
    expect(await each()).toEqual(TABLE.map((row) => row[2]));

    // One line per part in an order: C at 100, D at 10, A at 3, E at 3.
    const orderLines = [
      { productId: Number(parts.C), quantity: 100 },
      { productId: Number(parts.D), quantity: 10 },
      { productId: Number(parts.A), quantity: 3 },
      { productId: Number(parts.E), quantity: 3 },
    ];
    const placed = await call(server.app, 'POST', '/api/orders', { token: member.token, body: { phone: '5550100', lines: orderLines, shippingAddress: TEST_ADDRESS } });
    expect(placed.statusCode, placed.body).toBe(201);
    // 100 × 14 + 10 × 12 + 3 × 9 + 3 × 5 = 1400 + 120 + 27 + 15 = 1562.
    expect(placed.json().lines.map((line: { unitPrice: number; listPrice: number }) => [line.unitPrice, line.listPrice])).toEqual([
      [14, 20],
      [12, 20],
      [9, 10],
      [5, 5],
    ]);
    expect(placed.json()).toMatchObject({ subtotal: 1562, total: 1562 });
    const publicOrder = await call(server.app, 'POST', '/api/orders', { token: visitor.token, body: { phone: '5550100', lines: orderLines, shippingAddress: TEST_ADDRESS } });
    // 100 × 15 + 10 × 20 + 3 × 10 + 3 × 5 = 1500 + 200 + 30 + 15 = 1745.
    expect(publicOrder.json()).toMatchObject({ subtotal: 1745 });
  });

  it('applies the list only on the days it is in force (the shop calendar, both ends included)', async () => {
    const today = shopToday(server.config.shop.timeZone);
    const c1 = [{ productId: parts.C!, quantity: 1 }];
    try {
      expect((await putList(trade({ validFrom: addDays(today, 1) }))).statusCode).toBe(200);
      expect(await unitPrices(c1, member.token)).toEqual([20]);
      expect((await putList(trade({ validTo: addDays(today, -1) }))).statusCode).toBe(200);
      expect(await unitPrices(c1, member.token)).toEqual([20]);
      expect((await putList(trade({ validFrom: today, validTo: today }))).statusCode).toBe(200);
      expect(await unitPrices(c1, member.token)).toEqual([18]);
      // A list of only a discount: C, no longer named, takes 25 % off $20.00 = $15.00 at 1.
      expect((await putList(trade({ discountPercent: 25, prices: [] }))).statusCode).toBe(200);
      expect(await unitPrices(c1, member.token)).toEqual([15]);
    } finally {
      await putList(trade());
    }
  });

  it("shows a member yourPrice and yourPriceBreaks, privately; never in a public answer, on this server or another", async () => {
    const c = parts.C!;
    const mine = await call(server.app, 'GET', `/api/products/${c}`, { token: member.token });
    expect(mine.statusCode).toBe(200);
    // Member pricing of C: $18 from 1, $15 from 50, $14 from 100.
    expect(mine.json()).toMatchObject({ price: 20, yourPrice: 18, yourPriceBreaks: [{ minQuantity: 50, price: 15 }, { minQuantity: 100, price: 14 }] });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();

    for (const app of [server.app, other]) {
      for (const token of [undefined, visitor.token]) {
        const answer = await call(app, 'GET', `/api/products/${c}`, { token });
        expect(answer.statusCode).toBe(200);
        expect(answer.json().price).toBe(20);
        expect(answer.json()).not.toHaveProperty('yourPrice');
        expect(answer.json()).not.toHaveProperty('yourPriceBreaks');
        expect(answer.headers['cache-control']).not.toContain('private');
      }
    }
    // The member asks on the other server after the public answer is cached there: still theirs.
    expect((await call(other, 'GET', `/api/products/${c}`, { token: member.token })).json()).toMatchObject({ yourPrice: 18 });
    expect((await call(other, 'GET', `/api/products/${c}`)).json()).not.toHaveProperty('yourPrice');

    // Lists, pages, the part number and the quick order lookups.
    const sku = mine.json().sku as string;
    const list = (await call(server.app, 'GET', '/api/products?limit=50', { token: member.token })).json().items as { _id: string; yourPrice?: number }[];
    expect(list.find((item) => item._id === parts.A)).toMatchObject({ yourPrice: 9, yourPriceBreaks: [] });
    expect(list.find((item) => item._id === parts.E)).toMatchObject({ yourPrice: 5 });
    const publicList = (await call(server.app, 'GET', '/api/products?limit=50')).json().items as object[];
    for (const item of publicList) expect(item).not.toHaveProperty('yourPrice');
    const legacy = (await call(other, 'GET', '/api/products')).json() as object[];
    for (const item of legacy) expect(item).not.toHaveProperty('yourPrice');
    expect((await call(server.app, 'GET', `/api/products/sku/${sku}`, { token: member.token })).json()).toMatchObject({ yourPrice: 18 });
    expect((await call(server.app, 'GET', `/api/products/sku/${sku}`)).json()).not.toHaveProperty('yourPrice');
    expect((await call(server.app, 'GET', `/api/parts/lookup?number=${sku}`, { token: member.token })).json().product).toMatchObject({ yourPrice: 18 });
    expect((await call(server.app, 'GET', `/api/parts/lookup?number=${sku}`)).json().product).not.toHaveProperty('yourPrice');
    const resolved = await call(server.app, 'POST', '/api/parts/resolve', { token: member.token, body: { numbers: [sku] } });
    expect(resolved.json()[0].product).toMatchObject({ yourPrice: 18 });
    expect((await call(server.app, 'POST', '/api/parts/resolve', { body: { numbers: [sku] } })).json()[0].product).not.toHaveProperty('yourPrice');
  });

  it("prices a member's cart at their prices", async () => {
    const saved = await call(server.app, 'PUT', '/api/cart', { token: member.token, body: { lines: [{ productId: parts.C, quantity: 100 }] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().lines[0]).toMatchObject({ unitPrice: 14, lineTotal: 1400 });
    await call(server.app, 'PUT', '/api/cart', { token: visitor.token, body: { lines: [{ productId: parts.C, quantity: 100 }] } });
    expect((await call(server.app, 'GET', '/api/cart', { token: visitor.token })).json().lines[0]).toMatchObject({ unitPrice: 15 });
  });

  it("shows a member's prices on the parts of their saved lists, and no one else's", async () => {
    const body = { name: 'Monthly', lines: [{ productId: parts.C, quantity: 100 }] };
    const mine = await call(server.app, 'POST', '/api/lists', { token: member.token, body });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().lines[0].product).toMatchObject({ price: 20, yourPrice: 18 });
    expect((await call(server.app, 'GET', `/api/lists/${mine.json().id}`, { token: member.token })).json().lines[0].product).toMatchObject({ yourPrice: 18 });
    const theirs = await call(server.app, 'POST', '/api/lists', { token: visitor.token, body });
    expect(theirs.json().lines[0].product).not.toHaveProperty('yourPrice');
  });

  it("applies the company's tax certificate to a member's quote", async () => {
    const vt = [{ productId: parts.A!, quantity: 10 }];
    // A visitor in Vermont: 6 % of 100.00 = 6.00.
    expect((await quote(vt, visitor.token, server.app, VERMONT)).json()).toMatchObject({ subtotal: 100, tax: 6, taxExempt: false });
    expect((await quote(vt, member.token, server.app, VERMONT)).json()).toMatchObject({ subtotal: 90, tax: 0, taxExempt: true });
  });

  it('charges a member removed from the company public prices on their next request', async () => {
    const c1 = [{ productId: parts.C!, quantity: 1 }];
    expect(await unitPrices(c1, member.token)).toEqual([18]);
    await server.db.kysely.deleteFrom('company_members').where('user_id', '=', Number(member.id)).execute();
    try {
      expect(await unitPrices(c1, member.token)).toEqual([20]);
      expect((await call(server.app, 'GET', `/api/products/${parts.C}`, { token: member.token })).json()).not.toHaveProperty('yourPrice');
      expect((await call(other, 'GET', `/api/products/${parts.C}`, { token: member.token })).json()).not.toHaveProperty('yourPrice');
    } finally {
      await server.db.kysely.insertInto('company_members').values({ user_id: Number(member.id), company_id: companyId, role: 'admin', spending_limit_cents: null, created_at: now() }).execute();
    }
  });
});

describe(`a company's VAT ID for its members (${databaseKind})`, () => {
  let server: TestServer;
  let member: Account;
  let part: string;
  const BERLIN = { country: 'DE', region: 'BE', postalCode: '10115' };

  beforeAll(async () => {
    server = await startTestServer({ SHOP_COUNTRY: 'NL', SHOP_VAT_ID: 'NL004495445B01' });
    const admin = await registerAdmin(server);
    const shipping = { zones: [{ id: 'eu', name: 'EU', countries: ['DE'] }], methods: [{ id: 'eu-post', zoneId: 'eu', name: 'EU parcel', kind: 'flat', price: 20, minDays: 5, maxDays: 10 }] };
    const tax = { rates: [{ id: 'de', name: 'MwSt. 19 %', country: 'DE', taxClass: 'standard', rate: 19, shipping: true }] };
    expect((await call(server.app, 'PUT', '/api/admin/shipping', { token: admin.token, body: shipping })).statusCode).toBe(200);
    expect((await call(server.app, 'PUT', '/api/admin/tax', { token: admin.token, body: tax })).statusCode).toBe(200);
    part = await createProduct(server.app, admin, { price: 10, stock: 100, min: 1 });
    member = await registerCustomer(server.app);
    const at = now();
    const { id } = await server.db.kysely
      .insertInto('companies')
      .values({ name: 'Berliner Teile', vat_id: 'DE136695976', tax_certificate: null, phone: '5550100', address: '{}', status: 'approved', decline_reason: null, price_list_id: null, applicant_user_id: Number(member.id), decided_at: at, decided_by_user_id: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.kysely.insertInto('company_members').values({ user_id: Number(member.id), company_id: id, role: 'buyer', spending_limit_cents: null, created_at: at }).execute();
  });
  afterAll(() => server.close());

  it("reverse-charges a member who types no VAT ID with the company's; a typed one is used as typed", async () => {
    const body = (vatId?: string) => ({ lines: [{ productId: Number(part), quantity: 1 }], shippingAddress: BERLIN, ...(vatId && { vatId }) });
    expect((await call(server.app, 'POST', '/api/checkout/quote', { token: member.token, body: body() })).json()).toMatchObject({ tax: 0, total: 30, reverseCharge: true });
    // Without the company: 19 % of 10.00 + 19 % of 20.00 = 5.70.
    expect((await call(server.app, 'POST', '/api/checkout/quote', { body: body() })).json()).toMatchObject({ tax: 5.7, reverseCharge: false });
    // A French VAT ID typed for a German delivery: no reverse charge.
    expect((await call(server.app, 'POST', '/api/checkout/quote', { token: member.token, body: body('FR40303265045') })).json()).toMatchObject({ tax: 5.7, reverseCharge: false });
  });
});
