import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
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
  TEST_ADDRESS_LINE,
} from '../test/harness.js';

describe(`orders (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let customer: Account;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app, 'Jane Buyer');
  });
  afterAll(() => server.close());

  const stockOf = async (id: string) => (await call(server.app, 'GET', `/api/products/${id}`)).json().stock;
  const order = (token: string, body: Record<string, unknown>) =>
    call(server.app, 'POST', '/api/orders', { token, body: { phone: '+1 555 0100', shippingAddress: TEST_ADDRESS, ...body } });

  it('takes name, e-mail, product and price from the server, reserves the stock, starts as not paid', async () => {
    const productId = await createProduct(server.app, admin, { price: 12.99, stock: 100, min: 10 });
    const response = await order(customer.token, {
      productId,
      quantity: 15,
      // An old client's extra fields are ignored, never trusted:
      price: 0.01,
      name: 'Someone Else',
      email: 'evil@example.com',
      status: 'pending',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Jane Buyer',
      email: customer.email,
      product: 'Test Bumper',
      productId,
      quantity: 15,
      price: 12.99,
      total: 194.85,
      status: 'not paid',
      paid: false,
      transactionId: null,
      contact: '+1 555 0100',
      address: TEST_ADDRESS_LINE,
    });
    expect(await stockOf(productId)).toBe(85);
  });

  it("answers the contract's messages (docs/legacy-contract.md) for a quantity out of bounds, and reserves nothing", async () => {
    const productId = await createProduct(server.app, admin, { stock: 50, min: 20 });
    const low = await order(customer.token, { productId, quantity: 19 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.fields.quantity).toBe('Quantity Must be 20 or higher');
    const high = await order(customer.token, { productId, quantity: 51 });
    expect(high.statusCode).toBe(409);
    expect(high.json().error).toMatchObject({ code: 'out_of_stock', fields: { quantity: 'Quantity Must be lower than 50 ' } });
    const missing = await order(customer.token, { productId });
    expect(missing.json().error.fields.quantity).toBe(messages.validation.quantityRequired);
    const noPhone = await call(server.app, 'POST', '/api/orders', {
      token: customer.token,
      body: { productId, quantity: 20, phone: '', shippingAddress: TEST_ADDRESS },
    });
    expect(noPhone.json().error.fields).toMatchObject({ phone: 'Phone Number is required' });
    // The original free-text address is no destination.
    const nowhere = await call(server.app, 'POST', '/api/orders', {
      token: customer.token,
      body: { productId, quantity: 20, phone: '5550100', address: '1 Main St' },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.fields).toEqual({ shippingAddress: 'Give a shipping address or choose a saved one' });
    expect(await stockOf(productId)).toBe(50);
  });

  it('lets the owner see and cancel an unpaid order, returning the stock', async () => {
    const productId = await createProduct(server.app, admin, { stock: 40, min: 5 });
    const placed = (await order(customer.token, { productId, quantity: 10 })).json();
    expect(await stockOf(productId)).toBe(30);

    const mine = (await call(server.app, 'GET', `/api/orders/${customer.email}`, { token: customer.token })).json();
    expect(mine[0]._id).toBe(placed._id);
    const one = await call(server.app, 'GET', `/api/order/${placed._id}`, { token: customer.token });
    expect(one.json()).toMatchObject({ product: 'Test Bumper', quantity: 10, price: 120.5 });

    const cancelled = await call(server.app, 'DELETE', `/api/orders/${placed._id}`, { token: customer.token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(await stockOf(productId)).toBe(40);

    const again = await call(server.app, 'DELETE', `/api/orders/${placed._id}`, { token: customer.token });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(productId)).toBe(40);
  });

  it('delivers only paid orders, and never cancels them', async () => {
    const productId = await createProduct(server.app, admin, { stock: 40, min: 5 });
    const placed = (await order(customer.token, { productId, quantity: 5 })).json();

    const early = await call(server.app, 'PATCH', `/api/orders/${placed._id}`, { token: admin.token, body: { status: 'shipped' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('illegal_transition');

    // Paid directly in the database: this test is about shipping, not paying.
    await server.db.kysely
      .updateTable('orders')
      .set({ status: 'pending', transaction_id: 'pi_test' })
      .where('id', '=', Number(placed._id))
      .execute();

    const cancel = await call(server.app, 'DELETE', `/api/orders/${placed._id}`, { token: customer.token });
    expect(cancel.statusCode).toBe(409);
    const byCustomer = await call(server.app, 'PATCH', `/api/orders/${placed._id}`, {
      token: customer.token,
      body: { status: 'shipped' },
    });
    expect(byCustomer.statusCode).toBe(403);

    const shipped = await call(server.app, 'PATCH', `/api/orders/${placed._id}`, { token: admin.token, body: { status: 'shipped' } });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', paid: true, transactionId: 'pi_test' });
    expect(await stockOf(productId)).toBe(35);
  });

  it('refuses to mark an order paid from the browser', async () => {
    const productId = await createProduct(server.app, admin);
    const placed = (await order(customer.token, { productId, quantity: 10 })).json();
    const forged = await call(server.app, 'PATCH', `/api/orders/${placed._id}`, {
      token: customer.token,
      body: { order: placed._id, transactionId: 'pi_forged', status: 'pending' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('unknown_payment');
    const after = (await call(server.app, 'GET', `/api/order/${placed._id}`, { token: customer.token })).json();
    expect(after).toMatchObject({ status: 'not paid', paid: false, transactionId: null });
  });

  it('does not sell hidden products', async () => {
    const productId = await createProduct(server.app, admin);
    await order(customer.token, { productId, quantity: 10 });
    expect((await call(server.app, 'DELETE', `/api/products/${productId}`, { token: admin.token })).statusCode).toBe(200);
    const response = await order(customer.token, { productId, quantity: 10 });
    expect(response.statusCode).toBe(404);
  });

  it('never oversells: 50 parallel orders for a stock of 10 sell exactly 10', async () => {
    const productId = await createProduct(server.app, admin, { stock: 10, min: 1 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => registerCustomer(server.app)));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => order(buyers[i % buyers.length]!.token, { productId, quantity: 1 })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await stockOf(productId)).toBe(0);
    const all = (await call(server.app, 'GET', '/api/orders', { token: admin.token })).json() as {
      productId: string;
      quantity: number;
    }[];
    const ordered = all.filter((o) => o.productId === productId).reduce((sum, o) => sum + o.quantity, 0);
    expect(ordered).toBe(10);
  });
});
