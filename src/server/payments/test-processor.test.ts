import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardMessages, REFUND_DECLINING_CARD } from '../../shared/card.js';
import { testProcessor } from './test-processor.js';
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

describe(`payments with the built-in test processor (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let customer: Account;
  let productId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app, 'Paying Customer');
    productId = await createProduct(server.app, admin, { price: 12.99, stock: 10_000, min: 10 });
  });
  afterAll(() => server.close());

  const placeOrder = async (quantity = 10) =>
    (
      await call(server.app, 'POST', '/api/orders', {
        token: customer.token,
        body: { productId, quantity, phone: '5550100', shippingAddress: TEST_ADDRESS },
      })
    ).json()._id as string;
  const intentFor = (orderId: string, extra: Record<string, unknown> = {}) =>
    call(server.app, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId, ...extra } });
  const confirm = (clientSecret: string, number: string, expiry = '12 / 34', cvc = '123') =>
    call(server.app, 'POST', '/api/payments/test/confirm', { body: { clientSecret, card: { number, expiry, cvc } } });
  const report = (orderId: string, transactionId: string, token = customer.token) =>
    call(server.app, 'PATCH', `/api/orders/${orderId}`, { token, body: { order: orderId, transactionId, status: 'pending' } });
  const orderOf = async (orderId: string) => (await call(server.app, 'GET', `/api/order/${orderId}`, { token: customer.token })).json();

  it('says which provider the browser should use', async () => {
    expect((await call(server.app, 'GET', '/api/payments/config')).json()).toEqual({ provider: 'test', publishableKey: null });
  });

  it('charges the server-computed total with 4242…, then the order is paid once', async () => {
    const orderId = await placeOrder(15);
    const intent = await intentFor(orderId, { totalPrice: 0.5 });
    expect(intent.statusCode).toBe(200);
    expect(intent.json().amount).toBe(194.85);
    const again = await intentFor(orderId);
    expect(again.json().clientSecret).toBe(intent.json().clientSecret);

    const charged = await confirm(intent.json().clientSecret, '4242 4242 4242 4242');
    expect(charged.statusCode).toBe(200);
    const { id, status, amount } = charged.json().paymentIntent;
    expect(id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(status).toBe('succeeded');
    expect(amount).toBe(194.85);

    const paid = await report(orderId, id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'pending', paid: true, transactionId: id });
    expect((await report(orderId, id)).statusCode).toBe(200);

    const payments = (await call(server.app, 'GET', '/api/payments', { token: admin.token })).json();
    const forOrder = payments.filter((p: { orderId: string }) => p.orderId === orderId);
    expect(forOrder).toEqual([expect.objectContaining({ provider: 'test', intentId: id, amount: 194.85, status: 'succeeded', currency: 'usd' })]);
    expect((await intentFor(orderId)).statusCode).toBe(409);
  });

  it.each([
    ['4000 0000 0000 0002', '12 / 34', '123', cardMessages.declined],
    ['4000 0000 0000 9995', '12 / 34', '123', cardMessages.insufficientFunds],
    ['4242 4242 4242 4241', '12 / 34', '123', cardMessages.numberInvalid],
    ['4242 4242 4242', '12 / 34', '123', cardMessages.numberIncomplete],
    ['4242 4242 4242 4242', '01 / 20', '123', cardMessages.expiryYearPast],
    ['4242 4242 4242 4242', '13 / 34', '123', cardMessages.expiryMonthInvalid],
    ['4242 4242 4242 4242', '12 / 34', '12', cardMessages.cvcIncomplete],
    ['4111 1111 1111 1111', '12 / 34', '123', cardMessages.declined],
  ])('%s %s %s: "%s", and the order stays unpaid', async (number, expiry, cvc, message) => {
    const orderId = await placeOrder();
    const { clientSecret } = (await intentFor(orderId)).json();
    const response = await confirm(clientSecret, number, expiry, cvc);
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toEqual({ code: 'card_error', message });
    const intentId = clientSecret.split('_secret_')[0];
    expect((await report(orderId, intentId)).statusCode).toBe(402);
    expect(await orderOf(orderId)).toMatchObject({ status: 'not paid', paid: false, transactionId: null });
  });

  it("won't pay an order with another order's payment, or anyone else's order", async () => {
    const paidOrder = await placeOrder(10);
    const otherOrder = await placeOrder(10);
    const { clientSecret } = (await intentFor(paidOrder)).json();
    const { paymentIntent } = (await confirm(clientSecret, '4242424242424242')).json();
    const reused = await report(otherOrder, paymentIntent.id);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('payment_mismatch');
    expect((await orderOf(otherOrder)).paid).toBe(false);

    const stranger = await registerCustomer(server.app);
    expect((await report(paidOrder, paymentIntent.id, stranger.token)).statusCode).toBe(403);
    expect((await call(server.app, 'POST', '/api/create-payment-intent', { token: stranger.token, body: { orderId: otherOrder } })).statusCode).toBe(403);
  });

  it('cannot pay a cancelled order', async () => {
    const orderId = await placeOrder();
    const { clientSecret } = (await intentFor(orderId)).json();
    await call(server.app, 'DELETE', `/api/orders/${orderId}`, { token: customer.token });
    const { paymentIntent } = (await confirm(clientSecret, '4242424242424242')).json();
    const response = await report(orderId, paymentIntent.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'payment_refunded',
      message: 'This order was cancelled before your payment arrived; the payment has been refunded',
    });
    expect((await orderOf(orderId)).status).toBe('cancelled');
    const payments = (await call(server.app, 'GET', '/api/payments', { token: admin.token })).json();
    expect(payments.find((p: { intentId: string }) => p.intentId === paymentIntent.id)).toMatchObject({ status: 'refunded' });
    const intent = await server.db.kysely.selectFrom('test_processor_intents').selectAll().where('id', '=', paymentIntent.id).executeTakeFirstOrThrow();
    expect(intent.status).toBe('refunded');
  });

  it('refunds a charge made after its order was cancelled even when the browser never reports it', async () => {
    const orderId = await placeOrder();
    const { clientSecret } = (await intentFor(orderId)).json();
    expect((await call(server.app, 'DELETE', `/api/orders/${orderId}`, { token: customer.token })).statusCode).toBe(200);
    const charged = await confirm(clientSecret, '4242424242424242');
    expect(charged.statusCode).toBe(200);
    const { paymentIntent } = charged.json();

    // No report (PATCH) follows: the browser was closed.
    const intent = await server.db.kysely.selectFrom('test_processor_intents').selectAll().where('id', '=', paymentIntent.id).executeTakeFirstOrThrow();
    expect(intent.status).toBe('refunded');
    expect((await orderOf(orderId)).status).toBe('cancelled');
    const payments = (await call(server.app, 'GET', '/api/payments', { token: admin.token })).json();
    expect(payments.find((p: { intentId: string }) => p.intentId === paymentIntent.id)).toMatchObject({ status: 'refunded' });

    // A late report gets the refund's answer, and the order stays cancelled.
    const late = await report(orderId, paymentIntent.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('payment_refunded');
    expect((await orderOf(orderId)).status).toBe('cancelled');
  });

  describe('refunds', () => {
    const processor = () => testProcessor(server.db.kysely);
    /** A succeeded payment of 10 × $12.99 = $129.90 (by `card`), by its intent's id. */
    const paidIntent = async (card = '4242424242424242') => {
      const { clientSecret } = (await intentFor(await placeOrder(10))).json();
      const charged = await confirm(clientSecret, card);
      expect(charged.statusCode).toBe(200);
      return charged.json().paymentIntent.id as string;
    };
    const intentRow = (id: string) => server.db.kysely.selectFrom('test_processor_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('gives back parts of a payment, never more than is left of it; the whole of it makes the intent refunded', async () => {
      const id = await paidIntent();
      const first = await processor().refund(id, { amountCents: 5000, idempotencyKey: `a-${id}` });
      expect(first.id).toMatch(/^re_/);
      // $129.90 - $50.00 = $79.90 left: $79.91 is a cent too much.
      await expect(processor().refund(id, { amountCents: 7991, idempotencyKey: `b-${id}` })).rejects.toMatchObject({
        statusCode: 400,
        message: cardMessages.refundTooLarge('$79.91', '$79.90'),
      });
      expect(await intentRow(id)).toMatchObject({ status: 'succeeded', refunded_cents: 5000 });
      await processor().refund(id, { amountCents: 7990, idempotencyKey: `b-${id}` });
      expect(await intentRow(id)).toMatchObject({ status: 'refunded', refunded_cents: 12990 });
      await expect(processor().refund(id, { amountCents: 1, idempotencyKey: `c-${id}` })).rejects.toMatchObject({ statusCode: 400 });
    });

    it('answers a repeat of an idempotency key with the same refund, even at the same moment; the key with other figures is refused', async () => {
      const id = await paidIntent();
      const refunds = await Promise.all(Array.from({ length: 10 }, () => processor().refund(id, { amountCents: 12990, idempotencyKey: `same-${id}` })));
      expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1);
      expect(await intentRow(id)).toMatchObject({ status: 'refunded', refunded_cents: 12990 });
      await expect(processor().refund(id, { amountCents: 100, idempotencyKey: `same-${id}` })).rejects.toMatchObject({
        message: cardMessages.idempotencyMismatch(`same-${id}`),
      });
    });

    it('refuses racing refunds with different keys beyond the payment: 10 × $20.00 of $129.90, six go through', async () => {
      const id = await paidIntent();
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => processor().refund(id, { amountCents: 2000, idempotencyKey: `race-${id}-${i}` })));
      // $129.90 / $20.00: six fit ($120.00), the seventh would make $140.00.
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(6);
      expect(await intentRow(id)).toMatchObject({ status: 'succeeded', refunded_cents: 12000 });
    });

    it("declines the first refund of the refund-declining card's payment (402), then gives it back; an unpaid intent has nothing to refund", async () => {
      const id = await paidIntent(REFUND_DECLINING_CARD);
      const refund = { amountCents: 12990, idempotencyKey: `declined-${id}` };
      await expect(processor().refund(id, refund)).rejects.toMatchObject({ statusCode: 402, code: 'card_error', message: cardMessages.refundDeclined });
      expect(await intentRow(id)).toMatchObject({ status: 'succeeded', refunded_cents: 0 });
      expect((await processor().refund(id, refund)).id).toMatch(/^re_/);
      expect(await intentRow(id)).toMatchObject({ status: 'refunded', refunded_cents: 12990 });

      const { clientSecret } = (await intentFor(await placeOrder(10))).json();
      const unpaid = clientSecret.split('_secret_')[0];
      await expect(processor().refund(unpaid, { amountCents: 100, idempotencyKey: `unpaid-${unpaid}` })).rejects.toMatchObject({ message: cardMessages.nothingToRefund });
    });
  });
});
