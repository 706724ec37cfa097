/**
 * The Stripe webhook trusts nothing it cannot verify: a `payment_intent.succeeded` body that WOULD pay
 * its order (right order, right amount, intent succeeded at Stripe) is refused with 400 `bad_signature`
 * unless its `stripe-signature` header is a valid signature, with our secret, over exactly these bytes.
 * A refused event changes nothing: the order stays unpaid, no payment is recorded, no event id is
 * remembered (so Stripe's genuine delivery of the same event later still counts), nothing is refunded.
 * The last case sends the same body correctly signed and sees it pay, proving the body was a paying one.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeIntent, type FakeStripe, startStripeShop } from '../test/fake-stripe.js';
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

const WEBHOOK_SECRET = 'whsec_test_partsmith_signatures';
const WEBHOOK_URL = '/api/payments/webhook';

describe(`Stripe webhook signatures (${databaseKind})`, () => {
  let fake: FakeStripe;
  let server: TestServer;
  let admin: Account;
  let customer: Account;
  let orderId: string;
  let intent: FakeIntent;
  /** The paying event, byte for byte as "Stripe" sends it. */
  let payload: string;
  const signer = new Stripe('sk_x');

  beforeAll(async () => {
    ({ fake, server } = await startStripeShop(WEBHOOK_SECRET));
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app);
    const productId = await createProduct(server.app, admin, { price: 94, stock: 10_000, min: 100 });

    const placed = await call(server.app, 'POST', '/api/orders', {
      token: customer.token,
      body: { productId, quantity: 100, phone: '5550100', shippingAddress: TEST_ADDRESS },
    });
    expect(placed.statusCode).toBe(201);
    orderId = placed.json()._id;

    const created = await call(server.app, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
    expect(created.statusCode).toBe(200);
    const clientSecret: string = created.json().clientSecret;
    // The customer's card went through at Stripe: the intent really succeeded, for this order and total.
    intent = fake.succeed(clientSecret.split('_secret_')[0]!);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 940_000, currency: 'usd', metadata: { orderId } });

    payload = JSON.stringify({
      id: 'evt_signature_test',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const post = (body: string, signature?: string) =>
    server.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
      payload: body,
    });
  const sign = (body: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
    signer.webhooks.generateTestHeaderString({ payload: body, secret, ...(timestamp === undefined ? {} : { timestamp }) });

  const orderOf = async () => {
    const response = await call(server.app, 'GET', `/api/order/${orderId}`, { token: admin.token });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const succeededPayments = async () => {
    const response = await call(server.app, 'GET', '/api/payments', { token: admin.token });
    expect(response.statusCode).toBe(200);
    return response
      .json()
      .filter((p: { orderId: string; status: string }) => p.orderId === orderId && p.status === 'succeeded');
  };
  const webhookEvents = () => server.db.kysely.selectFrom('webhook_events').selectAll().execute();

  /** Another event (other id, other amount) — validly signed, but not the bytes that are sent. */
  const otherPayload = () =>
    JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, amount: 1 } },
    });

  const forged: [string, () => string | undefined, () => string][] = [
    ['(a) no stripe-signature header', () => undefined, () => payload],
    ['(b) an empty stripe-signature header', () => '', () => payload],
    ['(c) a garbage signature', () => 't=1,v1=deadbeef', () => payload],
    ['(d) a well-formed signature made with the wrong secret', () => sign(payload, 'whsec_wrong'), () => payload],
    ['(e) a valid signature over a different payload (tampered body)', () => sign(otherPayload()), () => payload],
    // Beyond the brief: the same event re-formatted (same JSON, other bytes) must not verify either,
    // so the route cannot have started re-serializing a parsed body; and a stale timestamp is refused.
    ['(f) a valid signature over the compact bytes, body sent pretty-printed', () => sign(payload), () => JSON.stringify(JSON.parse(payload), null, 2)],
    ['(g) a valid signature that is an hour old (replay window)', () => sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600), () => payload],
  ];

  it.each(forged)('refuses %s with 400 bad_signature and changes nothing', async (_name, signature, body) => {
    const response = await post(body(), signature());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_signature');

    expect(await orderOf()).toMatchObject({ status: 'not paid', paid: false, transactionId: null });
    expect(await succeededPayments()).toEqual([]);
    expect(await webhookEvents()).toEqual([]);
    expect(fake.refunds).toEqual([]);
  });

  it('control: the same body correctly signed pays the order (so the refused bodies were paying ones)', async () => {
    const response = await post(payload, sign(payload));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'processed' });

    expect(await orderOf()).toMatchObject({ status: 'pending', paid: true, transactionId: intent.id });
    expect(await succeededPayments()).toEqual([expect.objectContaining({ intentId: intent.id, amount: 9400 })]);
    expect((await webhookEvents()).map((e) => e.event_id)).toEqual(['evt_signature_test']);
    expect(fake.refunds).toEqual([]);
  });
});
