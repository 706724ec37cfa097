/**
 * A local stand-in for the Stripe endpoints the shop calls (create and retrieve a PaymentIntent, create a refund),
 * speaking Stripe's wire format (form-encoded requests, JSON answers, Idempotency-Key), so the real
 * `stripe` SDK is exercised offline. Tests drive what Stripe.js would do in a browser with `succeed`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { startTestServer, type TestServer } from './harness.js';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  createCalls: number;
  /** Intent ids refunded, once per refund the fake made (not for a replayed idempotency key). */
  refunds: string[];
  /** Each refund the fake made: of which intent, how many cents, under which idempotency key. */
  refundsMade: { id: string; paymentIntent: string; amount: number; idempotencyKey: string | undefined }[];
  /** How many of the next refund calls fail with a 500 (Stripe having a bad moment). */
  failingRefunds: number;
  /** What a successful Stripe.js confirmCardPayment leaves behind. */
  succeed(id: string, changes?: Partial<FakeIntent>): FakeIntent;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseForm(body: string) {
  const params = new URLSearchParams(body);
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = key.match(/^metadata\[(.+)\]$/);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return { amount: Number(params.get('amount')), currency: params.get('currency') ?? '', metadata };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, FakeIntent>();
  const refundsByKey = new Map<string, unknown>();
  const fake = { intents, createCalls: 0, refunds: [] as string[], refundsMade: [], failingRefunds: 0 } as unknown as FakeStripe;

  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      response.end(JSON.stringify(body));
    };
    const body = await readBody(request);
    if (!String(request.headers.authorization).startsWith('Bearer sk_test_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && request.url === '/v1/payment_intents') {
      const key = request.headers['idempotency-key'] as string | undefined;
      const replay = key ? byIdempotencyKey.get(key) : undefined;
      if (replay) return send(200, replay);
      fake.createCalls += 1;
      const { amount, currency, metadata } = parseForm(body);
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata,
      };
      intents.set(id, intent);
      if (key) byIdempotencyKey.set(key, intent);
      return send(200, intent);
    }
    if (request.method === 'POST' && request.url === '/v1/refunds') {
      const params = new URLSearchParams(body);
      const key = request.headers['idempotency-key'] as string | undefined;
      const replay = key ? refundsByKey.get(key) : undefined;
      if (replay) return send(200, replay);
      const intent = intents.get(params.get('payment_intent') ?? '');
      if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      if (fake.failingRefunds > 0) {
        fake.failingRefunds -= 1;
        return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      }
      // No amount: what is left of the charge, as Stripe does.
      const given = fake.refundsMade.filter((refund) => refund.paymentIntent === intent.id).reduce((sum, refund) => sum + refund.amount, 0);
      const amount = params.has('amount') ? Number(params.get('amount')) : intent.amount - given;
      if (amount > intent.amount - given) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - given) / 100).toFixed(2)})`,
          },
        });
      }
      const refund = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', payment_intent: intent.id, amount, status: 'succeeded' };
      fake.refunds.push(intent.id);
      fake.refundsMade.push({ id: refund.id, paymentIntent: intent.id, amount, idempotencyKey: key });
      if (key) refundsByKey.set(key, refund);
      return send(200, refund);
    }
    const retrieve = request.url?.match(/^\/v1\/payment_intents\/([^/?]+)/);
    if (request.method === 'GET' && retrieve?.[1]) {
      const intent = intents.get(decodeURIComponent(retrieve[1]));
      if (!intent) {
        return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieve[1]}'` } });
      }
      return send(200, intent);
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.url})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.succeed = (id, changes = {}) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    Object.assign(intent, { status: 'succeeded' }, changes);
    return intent;
  };
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/** A test shop that takes card payments with "Stripe": this fake, and webhooks signed with `webhookSecret`. */
export async function startStripeShop(webhookSecret: string): Promise<{ fake: FakeStripe; server: TestServer }> {
  const fake = await startFakeStripe();
  const server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_partsmith',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_partsmith',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: fake.url,
  });
  return { fake, server };
}
