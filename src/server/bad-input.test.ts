/** Bad input of every kind gets a 4xx with a message, never a 5xx, and changes nothing. */
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
  TEST_ADDRESS,
} from './test/harness.js';

describe(`bad input (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let customer: Account;
  let productId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app);
    productId = await createProduct(server.app, admin, { stock: 500, min: 10 });
  });
  afterAll(() => server.close());

  /** Every table's rows, so "unchanged" means unchanged (sessions aside: logins make them). */
  async function snapshot() {
    const k = server.db.kysely;
    return {
      users: await k.selectFrom('users').selectAll().orderBy('id').execute(),
      products: await k.selectFrom('products').selectAll().orderBy('id').execute(),
      orders: await k.selectFrom('orders').selectAll().orderBy('id').execute(),
      reviews: await k.selectFrom('reviews').selectAll().orderBy('id').execute(),
      contact: await k.selectFrom('contact_messages').selectAll().orderBy('id').execute(),
    };
  }

  const raw = (method: 'POST' | 'PATCH', url: string, payload: string, token?: string, contentType = 'application/json') =>
    server.app.inject({
      method,
      url,
      payload,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  const huge = 'x'.repeat(20_000);
  const order = (body: Record<string, unknown>) => ({ productId, quantity: 10, phone: '5550100', shippingAddress: TEST_ADDRESS, ...body });

  const cases: [string, () => Promise<{ statusCode: number; body: string }>][] = [
    ['malformed JSON', () => raw('POST', '/api/orders', '{"productId": 1,', customer.token)],
    ['JSON that is not an object', () => raw('POST', '/api/orders', '[1,2,3]', customer.token)],
    ['null body', () => raw('POST', '/api/orders', 'null', customer.token)],
    ['text/plain body', () => raw('POST', '/api/review', 'rating=5', customer.token, 'text/plain')],
    ['quantity as text', () => call(server.app, 'POST', '/api/orders', { token: customer.token, body: order({ quantity: 'ten' }) })],
    ['negative quantity', () => call(server.app, 'POST', '/api/orders', { token: customer.token, body: order({ quantity: -10 }) })],
    ['fractional quantity', () => call(server.app, 'POST', '/api/orders', { token: customer.token, body: order({ quantity: 10.5 }) })],
    ['quantity as an object', () => call(server.app, 'POST', '/api/orders', { token: customer.token, body: order({ quantity: { $gt: 0 } }) })],
    ['enormous quantity', () => call(server.app, 'POST', '/api/orders', { token: customer.token, body: order({ quantity: 1e308 }) })],
    ['unknown product', () => call(server.app, 'POST', '/api/orders', { token: customer.token, body: order({ productId: 999999 }) })],
    ['product id not a number', () => call(server.app, 'POST', '/api/orders', { token: customer.token, body: order({ productId: 'abc' }) })],
    ['huge address', () => call(server.app, 'POST', '/api/orders', { token: customer.token, body: order({ address: huge }) })],
    ['missing fields', () => call(server.app, 'POST', '/api/orders', { token: customer.token, body: {} })],
    ['body over the limit', () => call(server.app, 'POST', '/api/contact', { body: { email: 'a@example.com', message: 'x'.repeat(200_000) } })],
    ['huge product name', () => call(server.app, 'POST', '/api/products', { token: admin.token, body: { name: huge, description: 'd', price: 1, stock: 1, min: 1, img: '/images/products/tire.svg' } })],
    ['price as an array', () => call(server.app, 'POST', '/api/products', { token: admin.token, body: { name: 'n', description: 'd', price: [1], stock: 1, min: 1, img: '/images/products/tire.svg' } })],
    ['rating out of range', () => call(server.app, 'POST', '/api/review', { token: customer.token, body: { rating: 11, comment: 'x' } })],
    ['huge comment', () => call(server.app, 'POST', '/api/review', { token: customer.token, body: { rating: 5, comment: huge } })],
    ['unknown order', () => call(server.app, 'GET', '/api/order/999999', { token: admin.token })],
    ['order id not a number', () => call(server.app, 'DELETE', '/api/orders/abc', { token: admin.token })],
    ['order id out of range', () => call(server.app, 'DELETE', '/api/orders/99999999999999999999', { token: admin.token })],
    ['unknown product id', () => call(server.app, 'DELETE', '/api/products/424242', { token: admin.token })],
    ['unknown user', () => call(server.app, 'PUT', '/api/user/admin/nobody@example.com', { token: admin.token })],
    ['user path not an e-mail', () => call(server.app, 'GET', '/api/user/not-an-email', { token: admin.token })],
    ['profile phone as a number', () => call(server.app, 'PATCH', `/api/user/${customer.email}`, { token: customer.token, body: { phone: 5550100 } })],
    ['unknown order status', () => call(server.app, 'PATCH', '/api/orders/1', { token: admin.token, body: { status: 'refunded' } })],
    ['register with a password object', () => call(server.app, 'POST', '/api/auth/register', { body: { name: 'n', email: 'obj@example.com', password: { a: 1 } } })],
    ['login with an e-mail array', () => call(server.app, 'POST', '/api/auth/login', { body: { email: ['a@example.com'], password: 'secret1' } })],
    ['unknown API route', () => call(server.app, 'GET', '/api/nothing-here')],
  ];

  it.each(cases)('%s: a 4xx with a message, data unchanged', async (_name, send) => {
    const before = await snapshot();
    const response = await send();
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const { error } = JSON.parse(response.body);
    expect(typeof error.code).toBe('string');
    expect(error.message.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('names the right status for the common kinds', async () => {
    expect((await cases[0]![1]()).statusCode).toBe(400);
    expect(JSON.parse((await cases[0]![1]()).body).error.code).toBe('bad_json');
    expect(JSON.parse((await cases[3]![1]()).body).error.code).toBe('validation');
    expect((await cases[9]![1]()).statusCode).toBe(404);
    expect((await cases[13]![1]()).statusCode).toBe(413);
  });

  it('never stores unknown JSON fields', async () => {
    const response = await call(server.app, 'PATCH', `/api/user/${customer.email}`, {
      token: customer.token,
      body: { address: 'New Road 5', role: 'admin', password_hash: 'x', deleted_at: '2020-01-01' },
    });
    expect(response.statusCode).toBe(200);
    const row = await server.db.kysely.selectFrom('users').selectAll().where('email', '=', customer.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ address: 'New Road 5', role: 'user', deleted_at: null });
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });
});
