/**
 * Where buyers and staff stumbled: the quantity messages of the original storefront's contract
 * (docs/legacy-contract.md) whatever was typed, parts whose stock fell below their minimum, a retried
 * order placed once, removing a product that customers still owe for, and reviews an admin approves and hides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { type Account, call, createProduct, databaseKind, lastMailTo, registerAdmin, registerCustomer, startTestServer, type TestServer, TEST_ADDRESS } from '../test/harness.js';

describe(`buyer and staff journeys (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let customer: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app);
  });
  afterAll(() => server.close());

  const order = (productId: string, quantity: unknown, headers: Record<string, string> = {}, who = customer) =>
    server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${who.token}`, ...headers },
      payload: { productId, quantity, phone: '5550100', shippingAddress: TEST_ADDRESS },
    });
  const stockOf = async (id: string) => (await call(server.app, 'GET', `/api/products/${id}`)).json().stock as number;

  it("answers the contract's quantity messages (docs/legacy-contract.md) whatever number was typed", async () => {
    const productId = await createProduct(server.app, admin, { min: 50, stock: 850 });
    for (const quantity of [0, -10, 49]) {
      const answer = await order(productId, quantity);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.fields).toEqual({ quantity: messages.validation.quantityTooLow(50) });
    }
    for (const quantity of [851, 99_999_999_999_999]) {
      const answer = await order(productId, quantity);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.fields).toEqual({ quantity: messages.validation.quantityTooHigh(850) });
    }
    expect((await order(productId, 150.5)).json().error.fields).toEqual({ quantity: 'Quantity must be a whole number' });
    expect((await order(productId, undefined)).json().error.fields).toEqual({ quantity: messages.validation.quantityRequired });
    expect((await order(productId, 850)).statusCode).toBe(201);
    expect(await stockOf(productId)).toBe(0);
  });

  it('refuses any quantity of a part whose stock fell below its minimum, with the contract\'s message (docs/legacy-contract.md)', async () => {
    const productId = await createProduct(server.app, admin, { min: 50, stock: 60 });
    expect((await order(productId, 50)).statusCode).toBe(201);
    for (const quantity of [10, 50]) {
      const answer = await order(productId, quantity);
      expect(answer.json().error.fields.quantity).toBe(quantity < 50 ? messages.validation.quantityTooLow(50) : messages.validation.quantityTooHigh(10));
    }
  });

  it('places a retried order once: the same Idempotency-Key answers the order it placed', async () => {
    const productId = await createProduct(server.app, admin, { min: 1, stock: 100 });
    const key = { 'idempotency-key': 'attempt-7f3a' };
    const answers = await Promise.all([order(productId, 10, key), order(productId, 10, key), order(productId, 10, key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
    expect(await stockOf(productId)).toBe(90);
    expect((await order(productId, 10, { 'idempotency-key': 'attempt-other' })).json()._id).not.toBe(answers[0]!.json()._id);
    // Keys belong to their account: another customer's identical key is another order.
    const other = await registerCustomer(server.app);
    expect((await order(productId, 10, key, other)).json()._id).not.toBe(answers[0]!.json()._id);
    expect(await stockOf(productId)).toBe(70);
  });

  it('tells an admin which orders removing a product touches, and cancels the unpaid ones (customers told by e-mail)', async () => {
    const productId = await createProduct(server.app, admin, { min: 1, stock: 100 });
    const unpaid = (await order(productId, 5)).json()._id as string;
    const summary = await call(server.app, 'GET', `/api/products/${productId}/open-orders`, { token: admin.token });
    expect(summary.json()).toEqual({ unpaid: 1, toShip: 0 });
    expect((await call(server.app, 'GET', `/api/products/${productId}/open-orders`, { token: customer.token })).statusCode).toBe(403);
    expect((await call(server.app, 'DELETE', `/api/products/${productId}`, { token: admin.token })).statusCode).toBe(200);
    expect((await call(server.app, 'GET', `/api/order/${unpaid}`, { token: customer.token })).json().status).toBe('cancelled');
    expect((await lastMailTo(server, customer.email, 'order-cancelled'))?.data).toMatchObject({ orderId: unpaid });
  });

  it('lets an admin approve a review, hide it (kept, not shown) and show it again; nobody else may', async () => {
    const posted = await call(server.app, 'POST', '/api/review', { token: customer.token, body: { rating: '1', comment: 'Spam spam spam' } });
    const id = posted.json()._id as string;
    const publicIds = async () => (await call(server.app, 'GET', '/api/review')).json().map((r: { _id: string }) => r._id);
    // REVIEW_MODERATION=before (the default): it waits for an admin.
    expect(await publicIds()).not.toContain(id);
    expect((await call(server.app, 'PATCH', `/api/review/${id}`, { token: customer.token, body: { status: 'published' } })).statusCode).toBe(403);
    expect((await call(server.app, 'PATCH', `/api/review/${id}`, { token: admin.token, body: { status: 'published' } })).json()).toMatchObject({ status: 'published' });
    expect(await publicIds()).toContain(id);
    expect((await call(server.app, 'PATCH', `/api/review/${id}`, { token: customer.token, body: { hidden: true } })).statusCode).toBe(403);
    const hidden = await call(server.app, 'PATCH', `/api/review/${id}`, { token: admin.token, body: { hidden: true } });
    expect(hidden.json()).toMatchObject({ _id: id, hidden: true });
    expect(await publicIds()).not.toContain(id);
    const all = (await call(server.app, 'GET', '/api/admin/reviews', { token: admin.token })).json();
    expect(all.find((r: { _id: string }) => r._id === id)).toMatchObject({ hidden: true });
    await call(server.app, 'PATCH', `/api/review/${id}`, { token: admin.token, body: { hidden: false } });
    expect(await publicIds()).toContain(id);
  });
});
