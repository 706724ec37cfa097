/** Bounds on what one customer's orders may hold or cost, and how long an unpaid order holds its parts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../shared/messages.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer, TEST_ADDRESS } from '../test/harness.js';

describe(`order limits (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer({ MAX_UNPAID_ORDERS: '2', UNPAID_ORDER_TTL: '2h' });
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  const order = (customer: Account, productId: string, quantity = 1) =>
    call(server.app, 'POST', '/api/orders', { token: customer.token, body: { productId, quantity, phone: '5550100', shippingAddress: TEST_ADDRESS } });

  it('holds at most MAX_UNPAID_ORDERS unpaid orders per account, even when they arrive at once', async () => {
    const customer = await registerCustomer(server.app);
    // Each of a different part, so that no part's stock makes them wait for each other.
    const productIds = [];
    for (let i = 0; i < 10; i++) productIds.push(await createProduct(server.app, admin, { stock: 1000, min: 1 }));
    const answers = await Promise.all(productIds.map((productId) => order(customer, productId)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(8);
    expect(refused[0]!.json().error).toMatchObject({ code: 'too_many_unpaid_orders', message: errorMessages.tooManyUnpaidOrders(2) });
    const stocks = await Promise.all(productIds.map(async (id) => (await call(server.app, 'GET', `/api/products/${id}`)).json().stock as number));
    expect(stocks.reduce((units, stock) => units + (1000 - stock), 0)).toBe(2);
    const productId = productIds[0]!;

    // Cancelling one frees a place; another customer was never limited by this one.
    const first = answers.find((a) => a.statusCode === 201)!.json()._id;
    expect((await call(server.app, 'DELETE', `/api/orders/${first}`, { token: customer.token })).statusCode).toBe(200);
    expect((await order(customer, productId)).statusCode).toBe(201);
    expect((await order(await registerCustomer(server.app), productId)).statusCode).toBe(201);
  });

  it('refuses an order whose total a card cannot be charged ($999,999.99 at most), with a clear message', async () => {
    const customer = await registerCustomer(server.app);
    const productId = await createProduct(server.app, admin, { price: 500_000, stock: 10, min: 1 });
    const tooMuch = await order(customer, productId, 2);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.quantity).toBe(errorMessages.orderTotalTooLarge('999,999.99'));
    const limit = await createProduct(server.app, admin, { price: 999_999.99, stock: 10, min: 1 });
    expect((await order(customer, limit, 1)).statusCode).toBe(201);
  });

  it('says until when an unpaid order holds its parts, and never lets a browser store a private answer', async () => {
    const customer = await registerCustomer(server.app);
    const productId = await createProduct(server.app, admin, { stock: 10, min: 1 });
    const placed = await order(customer, productId);
    const { _id, createdAt, heldUntil } = placed.json();
    expect(Date.parse(heldUntil) - Date.parse(createdAt)).toBe(2 * 3_600_000);
    for (const url of [`/api/order/${_id}`, `/api/orders/${customer.email}`, '/api/me', '/api/auth/sessions']) {
      expect((await call(server.app, 'GET', url, { token: customer.token })).headers['cache-control']).toBe('no-store');
    }
    expect(placed.headers['cache-control']).toBe('no-store');
    expect((await call(server.app, 'GET', '/api/products')).headers['cache-control']).toBe('no-cache');
    const paid = await call(server.app, 'DELETE', `/api/orders/${_id}`, { token: customer.token });
    expect(paid.json().heldUntil).toBeNull();
  });
});
