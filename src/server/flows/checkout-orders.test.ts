/**
 * Placing orders with shipping and tax, on the demo shop's tables (src/server/seed/demo-shipping-tax.ts):
 * the order charges what the checkout quoted, keeps it when the tables change, and is paid exactly that.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
  TEST_CARD,
} from '../test/harness.js';

const BURLINGTON = { name: 'Dana Wu', company: 'Wu Garage', line1: '12 Pine St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' };
const TORONTO = { name: 'Sam Lee', line1: '1 King St W', city: 'Toronto', region: 'ON', postalCode: 'M5H 1A1', country: 'CA' };

describe(`orders with shipping and tax (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let buyer: Account;
  let alternator: string;
  let addressId: number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Dana Wu');
    alternator = await createProduct(server.app, admin, { name: 'Alternator', price: 149.99, stock: 100, min: 1, weightGrams: 1200 });
    addressId = (await call(server.app, 'POST', '/api/addresses', { token: buyer.token, body: BURLINGTON })).json().id;
  });
  afterAll(() => server.close());

  const order = (body: Record<string, unknown>, token = buyer.token) =>
    call(server.app, 'POST', '/api/orders', { token, body: { phone: '5550100', ...body } });
  const stock = async () => (await call(server.app, 'GET', `/api/products/${alternator}`)).json().stock as number;

  // 3 × $149.99 = $449.97 goods, 3.6 kg. Express up to 5 kg: $32.00. Vermont 6 % on goods and shipping:
  // $449.97 × 6 % = $26.9982 → $27.00 on the line, $32.00 × 6 % = $1.92 on shipping: $28.92.
  // Total $449.97 + $32.00 + $28.92 = $510.89.
  const EXPRESS_TO_BURLINGTON = {
    subtotal: 449.97,
    shipping: 32,
    shippingMethod: { id: 'express', name: 'Express' },
    taxLines: [{ name: 'Vermont sales tax', rate: 6, amount: 28.92 }],
    tax: 28.92,
    total: 510.89,
    reverseCharge: false,
    vatId: null,
    taxExempt: false,
    address: 'Wu Garage, 12 Pine St, Burlington, VT 05401, US',
    shippingAddress: { ...BURLINGTON, line2: '', phone: '' },
  };

  it('charges the quoted shipping and tax for a saved address and the method chosen, and is paid exactly its total', async () => {
    const lines = [{ productId: Number(alternator), quantity: 3 }];
    const quoted = (await call(server.app, 'POST', '/api/checkout/quote', { token: buyer.token, body: { lines, addressId, shippingMethodId: 'express' } })).json();
    expect(quoted).toMatchObject({ subtotal: 449.97, shipping: 32, tax: 28.92, total: 510.89 });

    const placed = await order({ lines, addressId, shippingMethodId: 'express' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject(EXPRESS_TO_BURLINGTON);

    const intent = await call(server.app, 'POST', '/api/create-payment-intent', { token: buyer.token, body: { orderId: placed.json()._id, totalPrice: 449.97 } });
    expect(intent.json().amount).toBe(510.89);
    const charged = await call(server.app, 'POST', '/api/payments/test/confirm', { body: { clientSecret: intent.json().clientSecret, card: TEST_CARD } });
    expect(charged.json().paymentIntent.amount).toBe(510.89);
  });

  it('keeps what an order charged when the rates and methods change afterwards', async () => {
    const lines = [{ productId: Number(alternator), quantity: 3 }];
    const placed = (await order({ lines, addressId, shippingMethodId: 'express' })).json();

    const tax = (await call(server.app, 'GET', '/api/admin/tax', { token: admin.token })).json();
    const raised = tax.rates.map((rate: { id: string }) => (rate.id === 'us-vt' ? { ...rate, rate: 9 } : rate));
    expect((await call(server.app, 'PUT', '/api/admin/tax', { token: admin.token, body: { rates: raised } })).statusCode).toBe(200);
    const shipping = (await call(server.app, 'GET', '/api/admin/shipping', { token: admin.token })).json();
    const renamed = shipping.methods.map((method: { id: string }) => (method.id === 'express' ? { ...method, name: 'Next-day', bands: [{ upToGrams: 5000, price: 50 }] } : method));
    expect((await call(server.app, 'PUT', '/api/admin/shipping', { token: admin.token, body: { ...shipping, methods: renamed } })).statusCode).toBe(200);

    // A new quote has the new figures: $50.00 shipping; 9 %: $40.4973 → $40.50 and $4.50 on shipping.
    const requoted = (await call(server.app, 'POST', '/api/checkout/quote', { token: buyer.token, body: { lines, addressId, shippingMethodId: 'express' } })).json();
    expect(requoted).toMatchObject({ shipping: 50, tax: 45, total: 544.97 });
    const kept = (await call(server.app, 'GET', `/api/order/${placed._id}`, { token: buyer.token })).json();
    expect(kept).toMatchObject(EXPRESS_TO_BURLINGTON);

    await call(server.app, 'PUT', '/api/admin/tax', { token: admin.token, body: tax });
    await call(server.app, 'PUT', '/api/admin/shipping', { token: admin.token, body: shipping });
  });

  it('places no order where no method reaches, and takes no stock', async () => {
    const before = await stock();
    // 26 × 1.2 kg = 31.2 kg: Canada ground goes up to 30 kg.
    const refused = await order({ lines: [{ productId: Number(alternator), quantity: 26 }], shippingAddress: TORONTO });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'no_shipping_method',
      message: "We don't ship to M5H 1A1, CA-ON by any method for 31.2 kg: ask us for a freight quote",
    });
    expect(await stock()).toBe(before);
  });

  it('refuses a mistyped VAT ID, another buyer’s saved address, and a method that does not reach the destination', async () => {
    const lines = [{ productId: Number(alternator), quantity: 1 }];
    const mistyped = await order({ lines, addressId, vatId: 'DE136695977' });
    expect(mistyped.statusCode).toBe(400);
    expect(Object.keys(mistyped.json().error.fields)).toEqual(['vatId']);
    const other = await registerCustomer(server.app);
    expect((await order({ lines, addressId }, other.token)).statusCode).toBe(404);
    const wrongMethod = await order({ lines, shippingAddress: TORONTO, shippingMethodId: 'express' });
    expect(wrongMethod.statusCode).toBe(400);
    expect(Object.keys(wrongMethod.json().error.fields)).toEqual(['shippingMethodId']);
  });
});
