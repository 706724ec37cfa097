import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from './expire-orders.js';
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
} from '../test/harness.js';

const HOUR = 3600_000;

describe(`unpaid orders expire (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let customer: Account;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app);
  });
  afterAll(() => server.close());

  const place = async (productId: string, quantity: number) =>
    (
      await call(server.app, 'POST', '/api/orders', {
        token: customer.token,
        body: { productId, quantity, phone: '5550100', shippingAddress: TEST_ADDRESS },
      })
    ).json()._id as string;
  const stockOf = async (id: string) => (await call(server.app, 'GET', `/api/products/${id}`)).json().stock;
  const age = (orderId: string, hours: number) =>
    server.db.kysely
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - hours * HOUR).toISOString() })
      .where('id', '=', Number(orderId))
      .execute();

  it('expires only unpaid orders older than the TTL and returns their stock, once, however many run it', async () => {
    const productId = await createProduct(server.app, admin, { stock: 100, min: 1 });
    const old = await place(productId, 10);
    const fresh = await place(productId, 20);
    const oldButPaid = await place(productId, 30);
    await age(old, 25);
    await age(oldButPaid, 25);
    await server.db.kysely.updateTable('orders').set({ status: 'pending', transaction_id: 'pi_paid' }).where('id', '=', Number(oldButPaid)).execute();
    expect(await stockOf(productId)).toBe(40);

    // Three "servers" running the job at the same moment.
    const counts = await Promise.all([1, 2, 3].map(() => expireUnpaidOrders(server.db.kysely, 24 * HOUR)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await stockOf(productId)).toBe(50);

    const mine = (await call(server.app, 'GET', `/api/orders/${customer.email}`, { token: customer.token })).json();
    const statusOf = (id: string) => mine.find((o: { _id: string }) => o._id === id).status;
    expect([statusOf(old), statusOf(fresh), statusOf(oldButPaid)]).toEqual(['expired', 'not paid', 'pending']);

    const history = (await call(server.app, 'GET', `/api/orders/${old}/history`, { token: admin.token })).json();
    expect(history.map((e: { from: string | null; to: string; actor: string }) => [e.from, e.to, e.actor])).toEqual([
      [null, 'not paid', 'customer'],
      ['not paid', 'expired', 'system'],
    ]);
  });

  it('refunds a payment that arrives for an expired order (the order stays expired)', async () => {
    const productId = await createProduct(server.app, admin, { stock: 100, min: 1, price: 10 });
    const orderId = await place(productId, 5);
    const { clientSecret } = (await call(server.app, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } })).json();
    // Its payment began, which holds it longer, but never past twice the hold after placing.
    await age(orderId, 49);
    expect(await expireUnpaidOrders(server.db.kysely, 24 * HOUR)).toBe(1);

    const charged = await call(server.app, 'POST', '/api/payments/test/confirm', {
      body: { clientSecret, card: { number: '4242424242424242', expiry: '12 / 40', cvc: '123' } },
    });
    const intentId = charged.json().paymentIntent.id;
    const report = await call(server.app, 'PATCH', `/api/orders/${orderId}`, { token: customer.token, body: { transactionId: intentId } });
    expect(report.statusCode).toBe(409);
    expect(report.json().error.message).toBe('This order was expired before your payment arrived; the payment has been refunded');
    const payment = await server.db.kysely.selectFrom('payments').selectAll().where('intent_id', '=', intentId).executeTakeFirstOrThrow();
    expect(payment.status).toBe('refunded');
    expect(await stockOf(productId)).toBe(100);
  });

  it('records who moved an order and names the admin to admins only', async () => {
    const productId = await createProduct(server.app, admin, { stock: 100, min: 1 });
    const orderId = await place(productId, 5);
    await call(server.app, 'DELETE', `/api/orders/${orderId}`, { token: admin.token });
    const history = (await call(server.app, 'GET', `/api/orders/${orderId}/history`, { token: admin.token })).json();
    expect(history[1]).toMatchObject({ from: 'not paid', to: 'cancelled', actor: 'admin', by: { email: admin.email } });
    // Its customer reads the history too, without the admin's name and e-mail.
    const seenByCustomer = await call(server.app, 'GET', `/api/orders/${orderId}/history`, { token: customer.token });
    expect(seenByCustomer.statusCode).toBe(200);
    expect(seenByCustomer.json()[1]).toEqual({ ...history[1], by: null });
    const audit = (await call(server.app, 'GET', '/api/audit', { token: admin.token })).json();
    expect(audit.some((e: { action: string; by: { email: string } }) => e.action === 'product.create' && e.by.email === admin.email)).toBe(true);
  });
});
