import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createProduct, databaseKind, registerAdmin, startTestServer, type TestServer } from '../test/harness.js';
import { replaceShippingConfig, replaceTaxRates } from '../shipping-tax/service.js';
import { seedDemoShippingAndTax } from './seed.js';

describe(`demo shipping and tax (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('gives an empty shop the demo zones and rates once, and quotes with them', async () => {
    // The test server starts with the demo tables; a shop that has none is one whose tables are empty.
    await replaceShippingConfig(server.db.kysely, { zones: [], methods: [] });
    await replaceTaxRates(server.db.kysely, { rates: [] });
    expect(await seedDemoShippingAndTax(server.db.kysely)).toBe(true);
    expect(await seedDemoShippingAndTax(server.db.kysely)).toBe(false);
    const admin = await registerAdmin(server);
    const part = await createProduct(server.app, admin, { price: 100, stock: 100, min: 1 });
    const quote = (shippingAddress: object) => call(server.app, 'POST', '/api/checkout/quote', { body: { lines: [{ productId: part, quantity: 1 }], shippingAddress } });
    // Vermont: Ground $8.00 (up to 1 kg), 6 % of 100.00 + 6 % of 8.00 = 6.48.
    const vermont = (await quote({ country: 'US', region: 'VT', postalCode: '05401' })).json();
    expect(vermont.methods.map((m: { id: string; price: number }) => [m.id, m.price])).toEqual([['pickup', 0], ['ground', 8], ['express', 24]]);
    expect(vermont).toMatchObject({ shippingMethodId: 'pickup', tax: 6, taxLines: [{ name: 'Vermont sales tax', rate: 6, amount: 6 }] });
    expect((await quote({ country: 'US', region: 'HI', postalCode: '96801' })).json().methods.map((m: { id: string }) => m.id)).toEqual(['ak-hi-air']);
    expect((await quote({ country: 'DE', region: 'BY', postalCode: '80331' })).json()).toMatchObject({ shipping: 28, taxLines: [{ name: 'VAT DE 19 %', amount: 24.32 }] });
    expect((await quote({ country: 'JP', postalCode: '100-0001' })).json().methods.map((m: { id: string }) => m.id)).toEqual(['world-parcel']);
  });
});
