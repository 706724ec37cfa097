import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startStripeShop } from '../test/fake-stripe.js';
import { stripeProvider } from './stripe.js';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  registerAdmin,
  registerCustomer,
  type TestServer,
  TEST_ADDRESS,
} from '../test/harness.js';

const WEBHOOK_SECRET = 'whsec_test_partsmith';

describe(`payments with Stripe, against a local fake of its API (${databaseKind})`, () => {
  let fake: FakeStripe;
  let server: TestServer;
  let admin: Account;
  let customer: Account;
  let productId: string;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    ({ fake, server } = await startStripeShop(WEBHOOK_SECRET));
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app);
    productId = await createProduct(server.app, admin, { price: 94, stock: 10_000, min: 100 });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const placeOrder = async (quantity = 100) =>
    (
      await call(server.app, 'POST', '/api/orders', {
        token: customer.token,
        body: { productId, quantity, phone: '5550100', shippingAddress: TEST_ADDRESS },
      })
    ).json()._id as string;
  const intentFor = async (orderId: string) => {
    const response = await call(server.app, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId, totalPrice: 1 } });
    expect(response.statusCode).toBe(200);
    const clientSecret: string = response.json().clientSecret;
    return fake.intents.get(clientSecret.split('_secret_')[0]!)!;
  };
  const report = (orderId: string, transactionId: string) =>
    call(server.app, 'PATCH', `/api/orders/${orderId}`, { token: customer.token, body: { transactionId } });
  const orderOf = async (orderId: string) => (await call(server.app, 'GET', `/api/order/${orderId}`, { token: admin.token })).json();
  const paymentsOf = async (orderId: string) =>
    (await call(server.app, 'GET', '/api/payments', { token: admin.token })).json().filter((p: { orderId: string }) => p.orderId === orderId);

  function webhook(intent: object, { id = `evt_${Math.random().toString(36).slice(2)}`, secret = WEBHOOK_SECRET } = {}) {
    const payload = JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return server.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }

  it('gives the browser the publishable key', async () => {
    expect((await call(server.app, 'GET', '/api/payments/config')).json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_partsmith' });
  });

  it('creates one intent per order, in cents, usd, with the order id, ignoring the browser total', async () => {
    const orderId = await placeOrder(150);
    const first = await intentFor(orderId);
    const callsAfterFirst = fake.createCalls;
    const second = await intentFor(orderId);
    expect(second.id).toBe(first.id);
    expect(fake.createCalls).toBe(callsAfterFirst);
    expect(first).toMatchObject({ amount: 1_410_000, currency: 'usd', metadata: { orderId } });
  });

  it('asks Stripe for the whole charge: 100 × $94.00 + Express $24.00 + Vermont 6 % ($564.00 + $1.44) = $9,989.44', async () => {
    const toVermont = await call(server.app, 'POST', '/api/orders', {
      token: customer.token,
      body: {
        productId,
        quantity: 100,
        phone: '5550100',
        shippingAddress: { name: 'Dana Wu', line1: '12 Pine St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' },
        shippingMethodId: 'express',
      },
    });
    expect(toVermont.json()).toMatchObject({ subtotal: 9400, shipping: 24, tax: 565.44, total: 9989.44 });
    expect(await intentFor(toVermont.json()._id)).toMatchObject({ amount: 998_944, currency: 'usd' });
  });

  it('pays the order when Stripe says the intent succeeded, for this order, for the exact amount', async () => {
    const orderId = await placeOrder();
    const intent = await intentFor(orderId);
    expect((await report(orderId, intent.id)).statusCode).toBe(402);
    fake.succeed(intent.id);
    const paid = await report(orderId, intent.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'pending', transactionId: intent.id, paid: true });
  });

  it('refuses a forged id, another order’s intent, and a wrong amount', async () => {
    const orderId = await placeOrder();
    expect((await report(orderId, 'pi_forged')).statusCode).toBe(400);

    const otherOrder = await placeOrder();
    const otherIntent = fake.succeed((await intentFor(otherOrder)).id);
    expect((await report(orderId, otherIntent.id)).statusCode).toBe(409);

    const intent = await intentFor(orderId);
    fake.succeed(intent.id, { amount: 100 });
    const wrongAmount = await report(orderId, intent.id);
    expect(wrongAmount.statusCode).toBe(409);
    expect(wrongAmount.json().error.message).toBe('This payment does not match the order total');
    expect(await orderOf(orderId)).toMatchObject({ status: 'not paid', paid: false, transactionId: null });
  });

  it('a signed payment_intent.succeeded pays the order once; a replay changes nothing', async () => {
    const orderId = await placeOrder();
    const intent = fake.succeed((await intentFor(orderId)).id);
    const event = { id: 'evt_once' };
    const first = await webhook(intent, event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', transactionId: intent.id });
    const replay = await webhook(intent, event);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await paymentsOf(orderId)).toHaveLength(1);
    // The browser reporting the same payment afterwards is harmless too.
    expect((await report(orderId, intent.id)).statusCode).toBe(200);
  });

  it('pays once when the same event arrives twice at the same moment', async () => {
    const orderId = await placeOrder();
    const intent = fake.succeed((await intentFor(orderId)).id);
    const outcomes = (await Promise.all([webhook(intent, { id: 'evt_race' }), webhook(intent, { id: 'evt_race' })])).map((r) => r.json().outcome);
    expect(outcomes.sort()).toEqual(['duplicate', 'processed']);
    expect(await paymentsOf(orderId)).toEqual([expect.objectContaining({ status: 'succeeded', intentId: intent.id })]);
  });

  it('refunds a payment for a cancelled order even when the first refund call fails: the event counts only once refunded', async () => {
    const orderId = await placeOrder();
    const intent = fake.succeed((await intentFor(orderId)).id);
    expect((await call(server.app, 'DELETE', `/api/orders/${orderId}`, { token: customer.token })).statusCode).toBe(200);
    fake.failingRefunds = 10;
    const first = await webhook(intent, { id: 'evt_refund_retry' });
    expect(first.statusCode).toBe(500);
    expect(fake.refunds).not.toContain(intent.id);
    fake.failingRefunds = 0;
    const retried = await webhook(intent, { id: 'evt_refund_retry' });
    expect(retried.json()).toEqual({ received: true, outcome: 'refunded' });
    expect(fake.refunds.filter((id) => id === intent.id)).toHaveLength(1);
    expect(await paymentsOf(orderId)).toEqual([expect.objectContaining({ intentId: intent.id, status: 'refunded' })]);
    const replay = await webhook(intent, { id: 'evt_refund_retry' });
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled', paid: false });
  });

  it('ignores bad signatures, wrong amounts, and intents of unknown orders', async () => {
    const orderId = await placeOrder();
    const intent = fake.succeed((await intentFor(orderId)).id);
    const forged = await webhook(intent, { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    const wrongAmount = await webhook({ ...intent, amount: 1 });
    expect(wrongAmount.json().outcome).toBe('ignored');
    const unknown = await webhook({ ...intent, id: 'pi_unknown', metadata: { orderId: '987654' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().outcome).toBe('ignored');
    expect(await orderOf(orderId)).toMatchObject({ status: 'not paid', paid: false });
  });

  it('refunds part of a payment with an idempotency key: a repeat is the same refund; more than is left, or Stripe failing, is an error', async () => {
    const provider = stripeProvider({ secretKey: 'sk_test_partsmith', publishableKey: 'pk_test_partsmith', webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
    // 100 × $94.00 = $9,400.00 to the test address (no tax, free pickup).
    const intent = fake.succeed((await intentFor(await placeOrder())).id);
    expect(intent.amount).toBe(940_000);
    const first = await provider.refund(intent.id, { amountCents: 150_050, idempotencyKey: `return-${intent.id}` });
    expect(first.id).toMatch(/^re_/);
    expect(await provider.refund(intent.id, { amountCents: 150_050, idempotencyKey: `return-${intent.id}` })).toEqual(first);
    expect(fake.refundsMade.filter((refund) => refund.paymentIntent === intent.id)).toEqual([
      { id: first.id, paymentIntent: intent.id, amount: 150_050, idempotencyKey: `return-${intent.id}` },
    ]);
    // $9,400.00 - $1,500.50 = $7,899.50 left.
    await expect(provider.refund(intent.id, { amountCents: 789_951, idempotencyKey: `too-much-${intent.id}` })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Refund amount ($7899.51) is greater than unrefunded amount on charge ($7899.50)',
    });
    fake.failingRefunds = 10;
    await expect(provider.refund(intent.id, { amountCents: 100, idempotencyKey: `failing-${intent.id}` })).rejects.toMatchObject({ statusCode: 500 });
    fake.failingRefunds = 0;
    expect(fake.refundsMade.filter((refund) => refund.paymentIntent === intent.id)).toHaveLength(1);
  });

  it('an admin cancelling a Stripe-paid order refunds its whole charge through Stripe; Stripe failing leaves it paid, and a retry works', async () => {
    const orderId = await placeOrder();
    const intent = fake.succeed((await intentFor(orderId)).id);
    expect((await report(orderId, intent.id)).statusCode).toBe(200);
    fake.failingRefunds = 10;
    const failed = await call(server.app, 'POST', `/api/orders/${orderId}/cancel`, { token: admin.token });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('refund_failed');
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', paid: true, refunds: [] });
    fake.failingRefunds = 0;
    const cancelled = await call(server.app, 'POST', `/api/orders/${orderId}/cancel`, { token: admin.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // 100 × $94.00 = $9,400.00, all of it.
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refunded: 9400, refunds: [{ amount: 9400 }] });
    expect(fake.refundsMade.filter((refund) => refund.paymentIntent === intent.id)).toEqual([
      expect.objectContaining({ amount: 940_000, idempotencyKey: `cancel-${orderId}` }),
    ]);
  });
});
