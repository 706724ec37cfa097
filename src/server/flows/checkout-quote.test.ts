/** POST /api/checkout/quote and the tables behind it, with answers worked out by hand. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates.js';
import { shopToday } from '../shipping-tax/service.js';
import { startFakeVies, type FakeVies } from '../test/fake-vies.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

const SHIPPING = {
  zones: [
    { id: 'us', name: 'Contiguous US', countries: ['US'] },
    { id: 'ak-hi', name: 'Alaska and Hawaii', countries: ['US'], regions: ['AK', 'HI'] },
    { id: 'burlington', name: 'Burlington', countries: ['US'], regions: ['VT'], postalCodes: ['054*'] },
    { id: 'eu', name: 'EU', countries: ['DE', 'FR', 'NL'] },
  ],
  methods: [
    { id: 'ground', zoneId: 'us', name: 'Ground', kind: 'weight', bands: [{ upToGrams: 1000, price: 8 }, { upToGrams: 5000, price: 11 }], freeOver: 5000, minDays: 3, maxDays: 6 },
    { id: 'express', zoneId: 'us', name: 'Express', kind: 'flat', price: 30, maxGrams: 2000, minDays: 1, maxDays: 2 },
    { id: 'island', zoneId: 'ak-hi', name: 'Air', kind: 'flat', price: 45, minDays: 4, maxDays: 9 },
    { id: 'courier', zoneId: 'burlington', name: 'Local courier', kind: 'flat', price: 5, minDays: 0, maxDays: 1 },
    { id: 'eu-post', zoneId: 'eu', name: 'EU parcel', kind: 'flat', price: 20, minDays: 5, maxDays: 10 },
  ],
};

const TAX = {
  rates: [
    { id: 'us-vt', name: 'Vermont sales tax', country: 'US', region: 'VT', taxClass: 'standard', rate: 6, shipping: true },
    { id: 'us-ny', name: 'New York sales tax', country: 'US', region: 'NY', taxClass: 'standard', rate: 4, shipping: false },
    { id: 'us-il', name: 'Illinois test rate', country: 'US', region: 'IL', taxClass: 'standard', rate: 2.5, shipping: false },
    { id: 'de', name: 'MwSt. 19 %', country: 'DE', taxClass: 'standard', rate: 19, shipping: true },
    { id: 'de-red', name: 'MwSt. 7 %', country: 'DE', taxClass: 'reduced', rate: 7, shipping: true },
    { id: 'nl', name: 'BTW 21 %', country: 'NL', taxClass: 'standard', rate: 21, shipping: true },
  ],
};

const VERMONT = { country: 'US', region: 'VT', postalCode: '05001' };
const BURLINGTON = { country: 'US', region: 'VT', postalCode: '05401' };
const BERLIN = { country: 'DE', region: 'BE', postalCode: '10115' };
const AMSTERDAM = { country: 'NL', postalCode: '1012 AB' };

/** A shop on its own database with the tables above and a few parts. */
async function shop(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  const admin = await registerAdmin(server);
  expect((await call(server.app, 'PUT', '/api/admin/shipping', { token: admin.token, body: SHIPPING })).statusCode).toBe(200);
  expect((await call(server.app, 'PUT', '/api/admin/tax', { token: admin.token, body: TAX })).statusCode).toBe(200);
  const part = (price: number, more: Record<string, unknown> = {}) => createProduct(server.app, admin, { price, stock: 1000, min: 1, ...more });
  return { server, admin, part };
}

describe(`checkout quote (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let part: (price: number, more?: Record<string, unknown>) => Promise<string>;
  let cheap: string;
  beforeAll(async () => {
    ({ server, admin, part } = await shop());
    cheap = await part(3.33);
  });
  afterAll(() => server.close());

  const quote = (body: object, token?: string) => call(server.app, 'POST', '/api/checkout/quote', { token, body });

  it("prices with the shop's own prices and tiers, whatever the client sends, and picks the cheapest method", async () => {
    const tiered = await part(10, { priceBreaks: [{ minQuantity: 10, price: 9 }] });
    const response = await quote({ lines: [{ productId: tiered, quantity: 10, unitPrice: 0.01 }], shippingAddress: VERMONT });
    expect(response.statusCode).toBe(200);
    // 10 × $9.00 = $90.00; Ground $8.00 (0 g) over Express $30.00; Vermont 6 % of 90.00 = 5.40 and of 8.00 = 0.48.
    expect(response.json()).toEqual({
      lines: [{ productId: tiered, quantity: 10, unitPrice: 9, lineTotal: 90, coreCharge: 0 }],
      subtotal: 90,
      coreDeposit: 0,
      weightGrams: 0,
      methods: [
        { id: 'ground', name: 'Ground', price: 8, minDays: 3, maxDays: 6 },
        { id: 'express', name: 'Express', price: 30, minDays: 1, maxDays: 2 },
      ],
      shippingMethodId: 'ground',
      shipping: 8,
      taxLines: [{ name: 'Vermont sales tax', rate: 6, amount: 5.88 }],
      tax: 5.88,
      total: 103.88,
      reverseCharge: false,
      taxExempt: false,
    });
    // Express chosen: 6 % of 30.00 = 1.80; 90 + 30 + 5.40 + 1.80.
    const express = (await quote({ lines: [{ productId: tiered, quantity: 10 }], shippingAddress: VERMONT, shippingMethodId: 'express' })).json();
    expect([express.shipping, express.tax, express.total]).toEqual([30, 7.2, 127.2]);
    const unknown = await quote({ lines: [{ productId: tiered, quantity: 10 }], shippingAddress: VERMONT, shippingMethodId: 'island' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ shippingMethodId: 'This shipping method does not reach this address for this order: choose another' });
  });

  it('lets the postal-code zone win over the region zone over the country zone', async () => {
    const methodsTo = async (shippingAddress: object) => (await quote({ lines: [{ productId: cheap, quantity: 1 }], shippingAddress })).json().methods.map((m: { id: string }) => m.id);
    expect(await methodsTo(BURLINGTON)).toEqual(['courier']);
    expect(await methodsTo({ country: 'US', region: 'HI', postalCode: '96801' })).toEqual(['island']);
    expect(await methodsTo(VERMONT)).toEqual(['ground', 'express']);
  });

  it('puts exactly 1,000 g in the up-to-1,000 g band and 1,001 g in the next; Express takes 2,000 g but not 2,001 g', async () => {
    const illinois = { country: 'US', region: 'IL', postalCode: '60601' };
    const gram = await part(1, { weightGrams: 1 });
    const kilo = await part(1, { weightGrams: 1000 });
    const methodsFor = async (lines: { productId: string; quantity: number }[]) =>
      (await quote({ lines, shippingAddress: illinois })).json().methods.map((m: { id: string; price: number }) => [m.id, m.price]);
    expect(await methodsFor([{ productId: kilo, quantity: 1 }])).toEqual([['ground', 8], ['express', 30]]);
    expect(await methodsFor([{ productId: kilo, quantity: 1 }, { productId: gram, quantity: 1 }])).toEqual([['ground', 11], ['express', 30]]);
    expect(await methodsFor([{ productId: kilo, quantity: 2 }])).toEqual([['ground', 11], ['express', 30]]);
    expect(await methodsFor([{ productId: kilo, quantity: 2 }, { productId: gram, quantity: 1 }])).toEqual([['ground', 11]]);
  });

  it('ships free at exactly freeOver, and charges a cent below it', async () => {
    const atThreshold = await part(5000);
    const below = await part(4999.99);
    expect((await quote({ lines: [{ productId: atThreshold, quantity: 1 }], shippingAddress: { country: 'US', region: 'IL', postalCode: '60601' } })).json()).toMatchObject({ shipping: 0, methods: [{ id: 'ground', price: 0 }, { id: 'express', price: 30 }] });
    expect((await quote({ lines: [{ productId: below, quantity: 1 }], shippingAddress: { country: 'US', region: 'IL', postalCode: '60601' } })).json()).toMatchObject({ shipping: 8 });
  });

  it('rounds tax per line: 3 × $3.33 at 2.5 % is $0.25 on one line, $0.24 on three', async () => {
    const illinois = { country: 'US', region: 'IL', postalCode: '60601' };
    // One line of $9.99: 24.975 cents → 25. Shipping is not taxed in this rate.
    expect((await quote({ lines: [{ productId: cheap, quantity: 3 }], shippingAddress: illinois })).json()).toMatchObject({ subtotal: 9.99, tax: 0.25, total: 18.24 });
    const [a, b] = [await part(3.33), await part(3.33)];
    // Three lines of $3.33: 8.325 cents → 8 each, 24 in all (25 if the sum were rounded).
    const three = (await quote({ lines: [{ productId: cheap, quantity: 1 }, { productId: a, quantity: 1 }, { productId: b, quantity: 1 }], shippingAddress: illinois })).json();
    expect(three).toMatchObject({ subtotal: 9.99, taxLines: [{ name: 'Illinois test rate', rate: 2.5, amount: 0.24 }], tax: 0.24, total: 18.23 });
  });

  it('taxes shipping where the rate says so, and not where it does not; no rate, no tax', async () => {
    const hundred = await part(100);
    // Vermont: 6 % of 100.00 + 6 % of 8.00 = 6.48. New York: 4 % of 100.00 only.
    expect((await quote({ lines: [{ productId: hundred, quantity: 1 }], shippingAddress: VERMONT })).json()).toMatchObject({ shipping: 8, tax: 6.48, total: 114.48 });
    expect((await quote({ lines: [{ productId: hundred, quantity: 1 }], shippingAddress: { country: 'US', region: 'NY', postalCode: '10001' } })).json()).toMatchObject({ shipping: 8, tax: 4, total: 112 });
    expect((await quote({ lines: [{ productId: hundred, quantity: 1 }], shippingAddress: { country: 'US', region: 'OR', postalCode: '97201' } })).json()).toMatchObject({ taxLines: [], tax: 0, total: 108 });
  });

  it("taxes each part by its own class, which POST and PATCH set", async () => {
    const book = await part(10, { taxClass: 'reduced' });
    const tool = await part(10);
    expect((await call(server.app, 'PATCH', `/api/products/${tool}`, { token: admin.token, body: { taxClass: 'zero' } })).json().taxClass).toBe('zero');
    expect((await call(server.app, 'GET', `/api/products/${book}`)).json().taxClass).toBe('reduced');
    // Berlin: 7 % of 10.00 = 0.70, zero-rated 10.00 nothing, 19 % of shipping 20.00 = 3.80.
    const answer = (await quote({ lines: [{ productId: book, quantity: 1 }, { productId: tool, quantity: 1 }], shippingAddress: BERLIN })).json();
    expect(answer).toMatchObject({ taxLines: [{ name: 'MwSt. 7 %', rate: 7, amount: 0.7 }, { name: 'MwSt. 19 %', rate: 19, amount: 3.8 }], tax: 4.5, total: 44.5 });
    expect((await call(server.app, 'PATCH', `/api/products/${tool}`, { token: admin.token, body: { taxClass: 'luxury' } })).json().error.fields).toEqual({ taxClass: 'The tax class is standard, reduced or zero' });
  });

  it("answers 422 with a clear message when no method reaches the destination", async () => {
    const crate = await part(10, { weightGrams: 24_000 });
    const response = await quote({ lines: [{ productId: crate, quantity: 2 }], shippingAddress: { country: 'JP', postalCode: '100-0001' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'no_shipping_method', message: "We don't ship to 100-0001, JP by any method for 48 kg: ask us for a freight quote" });
  });

  it("does not reverse-charge for a shop outside the EU, and refuses a mistyped VAT ID", async () => {
    const book = await part(10);
    const valid = (await quote({ lines: [{ productId: book, quantity: 1 }], shippingAddress: BERLIN, vatId: 'DE136695976' })).json();
    expect(valid).toMatchObject({ reverseCharge: false, tax: 5.7 });
    const mistyped = await quote({ lines: [{ productId: book, quantity: 1 }], shippingAddress: BERLIN, vatId: 'DE136695977' });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().error.fields).toEqual({ vatId: 'This VAT ID is not valid: check the country prefix and the digits (e.g. DE136695976)' });
  });

  it("quotes a signed-in buyer's saved address, never another's", async () => {
    const buyer = await registerCustomer(server.app);
    const other = await registerCustomer(server.app);
    const id = (await call(server.app, 'POST', '/api/addresses', { token: buyer.token, body: { name: 'Dana', line1: '1 Main', city: 'Burlington', ...BURLINGTON } })).json().id;
    expect((await quote({ lines: [{ productId: cheap, quantity: 1 }], addressId: id }, buyer.token)).json()).toMatchObject({ shippingMethodId: 'courier' });
    expect((await quote({ lines: [{ productId: cheap, quantity: 1 }], addressId: id }, other.token)).statusCode).toBe(404);
    expect((await quote({ lines: [{ productId: cheap, quantity: 1 }], addressId: id })).statusCode).toBe(401);
    expect((await quote({ lines: [{ productId: cheap, quantity: 1 }] })).json().error.fields).toEqual({ shippingAddress: 'Give a shipping address or choose a saved one' });
  });

  it('charges no tax while an exemption is valid (its last day included), and tax again once it has expired or is removed', async () => {
    const buyer = await registerCustomer(server.app);
    const body = { lines: [{ productId: cheap, quantity: 3 }], shippingAddress: VERMONT };
    const exempt = (expiresOn: string) => call(server.app, 'PUT', `/api/admin/users/${buyer.email}/tax-exemption`, { token: admin.token, body: { certificate: 'VT-RESALE-1', expiresOn } });
    const today = shopToday(server.config.shop.timeZone);
    expect((await exempt(addDays(today, -1))).json()).toEqual({ email: buyer.email, certificate: 'VT-RESALE-1', expiresOn: addDays(today, -1) });
    // 6 % of 9.99 = 0.5994 → 0.60, of 8.00 = 0.48.
    expect((await quote(body, buyer.token)).json()).toMatchObject({ tax: 1.08, taxExempt: false });
    await exempt(today);
    expect((await quote(body, buyer.token)).json()).toMatchObject({ tax: 0, taxLines: [], total: 17.99, taxExempt: true });
    expect((await call(server.app, 'DELETE', `/api/admin/users/${buyer.email}/tax-exemption`, { token: admin.token })).statusCode).toBe(204);
    expect((await quote(body, buyer.token)).json()).toMatchObject({ tax: 1.08, taxExempt: false });
    expect((await call(server.app, 'PUT', '/api/admin/users/nobody@example.com/tax-exemption', { token: admin.token, body: { certificate: 'X', expiresOn: today } })).statusCode).toBe(404);
  });

  it('saves the shipping set whole, or nothing of it when one entry is bad', async () => {
    expect((await call(server.app, 'GET', '/api/admin/shipping', { token: admin.token })).json()).toEqual(SHIPPING);
    expect((await call(server.app, 'GET', '/api/admin/tax', { token: admin.token })).json()).toEqual(TAX);
    const broken = { zones: [SHIPPING.zones[0]], methods: [SHIPPING.methods[0], SHIPPING.methods[2]] };
    const refused = await call(server.app, 'PUT', '/api/admin/shipping', { token: admin.token, body: broken });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'validation', message: 'No zone has the id ak-hi', fields: { 'methods.1.zoneId': 'No zone has the id ak-hi' } });
    const badBand = await call(server.app, 'PUT', '/api/admin/shipping', { token: admin.token, body: { ...SHIPPING, methods: [{ ...SHIPPING.methods[0], bands: [{ upToGrams: 0, price: 8 }] }] } });
    expect(badBand.json().error.fields).toEqual({ 'methods.0.bands.0.upToGrams': 'Must be a whole number of grams, at least 1' });
    const badRate = await call(server.app, 'PUT', '/api/admin/tax', { token: admin.token, body: { rates: [...TAX.rates, { ...TAX.rates[0], id: 'again' }] } });
    expect(badRate.json().error.fields).toEqual({ 'rates.6': 'Two rates are for US-VT and the standard class: keep one' });
    expect((await call(server.app, 'GET', '/api/admin/shipping', { token: admin.token })).json()).toEqual(SHIPPING);
    expect((await call(server.app, 'GET', '/api/admin/tax', { token: admin.token })).json()).toEqual(TAX);
  });

  it('takes saves that arrive at once one after the other: each succeeds and the last one stands whole', async () => {
    const variants = [1, 2, 3, 4].map((n) => ({ ...SHIPPING, methods: SHIPPING.methods.map((method) => (method.id === 'courier' ? { ...method, price: n } : method)) }));
    const answers = await Promise.all(variants.map((body) => call(server.app, 'PUT', '/api/admin/shipping', { token: admin.token, body })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const saved = (await call(server.app, 'GET', '/api/admin/shipping', { token: admin.token })).json();
    expect(variants).toContainEqual(saved);
    await call(server.app, 'PUT', '/api/admin/shipping', { token: admin.token, body: SHIPPING });
  });
});

describe(`EU reverse charge (${databaseKind})`, () => {
  let eu: Awaited<ReturnType<typeof shop>>;
  let book: string;
  let vies: FakeVies;
  let checked: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    eu = await shop({ SHOP_COUNTRY: 'NL', SHOP_VAT_ID: 'NL004495445B01' });
    book = await eu.part(10);
    vies = await startFakeVies();
    checked = await shop({ SHOP_COUNTRY: 'NL', VAT_CHECK: 'vies', VIES_URL: vies.url });
  });
  afterAll(async () => {
    await eu.server.close();
    await checked.server.close();
    await vies.close();
  });

  const quoteAt = (at: typeof eu, body: object) => call(at.server.app, 'POST', '/api/checkout/quote', { body });

  it("charges no VAT to a business in another EU country with that country's valid VAT ID", async () => {
    const answer = (await quoteAt(eu, { lines: [{ productId: book, quantity: 1 }], shippingAddress: BERLIN, vatId: 'de 136 695 976' })).json();
    expect(answer).toMatchObject({ subtotal: 10, shipping: 20, taxLines: [], tax: 0, total: 30, reverseCharge: true, taxExempt: false });
  });

  it('charges VAT without a VAT ID, with one of another country, and on a domestic sale', async () => {
    // Berlin: 19 % of 10.00 + 19 % of 20.00 = 5.70.
    expect((await quoteAt(eu, { lines: [{ productId: book, quantity: 1 }], shippingAddress: BERLIN })).json()).toMatchObject({ tax: 5.7, reverseCharge: false });
    expect((await quoteAt(eu, { lines: [{ productId: book, quantity: 1 }], shippingAddress: BERLIN, vatId: 'FR40303265045' })).json()).toMatchObject({ tax: 5.7, reverseCharge: false });
    // Amsterdam from a Dutch shop: 21 % of 10.00 + 21 % of 20.00 = 6.30, whatever the VAT ID.
    expect((await quoteAt(eu, { lines: [{ productId: book, quantity: 1 }], shippingAddress: AMSTERDAM, vatId: 'NL004495445B01' })).json()).toMatchObject({ tax: 6.3, reverseCharge: false });
  });

  it('with VAT_CHECK=vies, asks VIES: registered, not registered, or VIES unavailable', { timeout: 20_000 }, async () => {
    const item = await checked.part(10);
    const body = { lines: [{ productId: item, quantity: 1 }], shippingAddress: BERLIN, vatId: 'DE136695976' };
    vies.registered.add('DE136695976');
    expect((await quoteAt(checked, body)).json()).toMatchObject({ reverseCharge: true, tax: 0 });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'DE', vatNumber: '136695976' });
    vies.registered.clear();
    const unregistered = await quoteAt(checked, body);
    expect(unregistered.json().error).toMatchObject({ code: 'validation', fields: { vatId: 'The EU VIES service says this VAT ID is not registered' } });
    vies.failure = 'status';
    expect((await quoteAt(checked, body)).json().error.code).toBe('vies_unavailable');
    vies.failure = undefined;
    vies.delayMs = 6000;
    const started = Date.now();
    const slow = await quoteAt(checked, body);
    expect(slow.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5900);
    vies.delayMs = 0;
    // A mistyped ID never reaches VIES.
    const asked = vies.requests.length;
    expect((await quoteAt(checked, { ...body, vatId: 'DE136695977' })).statusCode).toBe(400);
    expect(vies.requests.length).toBe(asked);
  });
});
