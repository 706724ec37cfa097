import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../auth/guards.js';
import { HttpError } from '../errors.js';
import { WebhookSignatureError } from './provider.js';
import { createPaymentIntent, handlePaymentEvent, listPayments } from './service.js';
import type { TestProcessor } from './test-processor.js';

const tags = ['payments'];

const paymentSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  provider: z.string(),
  intentId: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export async function paymentsRoutes(app: FastifyInstance, { db, payments }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/payments/config',
    {
      config: { access: 'public' },
      schema: { tags, response: { 200: z.object({ provider: z.enum(['stripe', 'test']), publishableKey: z.string().nullable() }) } },
    },
    async () => ({ provider: payments.name, publishableKey: payments.publishableKey }),
  );

  api.post(
    '/api/create-payment-intent',
    {
      config: { access: 'user' },
      schema: {
        tags,
        // An old client's `totalPrice` is ignored: the server computes the amount from the order.
        body: z.object({ orderId: idSchema }),
        response: { 200: z.object({ clientSecret: z.string(), amount: z.number() }) },
      },
    },
    async (request) => createPaymentIntent(db, payments, requireViewer(request), request.body.orderId),
  );

  api.get(
    '/api/payments',
    { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(paymentSchema) } } },
    async () =>
      (await listPayments(db)).map((p) => ({
        _id: String(p.id),
        orderId: String(p.order_id),
        provider: p.provider,
        intentId: p.intent_id,
        amount: p.amount_cents / 100,
        currency: p.currency,
        status: p.status,
        createdAt: p.created_at,
        updatedAt: p.updated_at,
      })),
  );

  // Stripe signs the exact bytes it sent, so this route keeps the raw body.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/api/payments/webhook',
      { config: { access: 'public' }, schema: { tags, hide: false } },
      async (request, reply) => {
        let event;
        try {
          event = payments.verifyWebhook(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw new HttpError(400, 'bad_signature', 'Webhook signature does not verify');
          throw error;
        }
        const outcome = await handlePaymentEvent(db, payments, event, request.log);
        return reply.send({ received: true, outcome });
      },
    );
  });

  if (payments.name === 'test') {
    const processor = payments as TestProcessor;
    api.post(
      '/api/payments/test/confirm',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'The built-in test processor: charges a test card for the intent behind a client secret.',
          body: z.object({
            clientSecret: z.string().min(1).max(200),
            card: z.object({ number: z.string().max(40), expiry: z.string().max(10), cvc: z.string().max(10) }),
          }),
          response: {
            200: z.object({ paymentIntent: z.object({ id: z.string(), status: z.string(), amount: z.number() }) }),
          },
        },
      },
      async (request) => {
        const intent = await processor.confirm(request.body.clientSecret, request.body.card);
        return { paymentIntent: { id: intent.id, status: intent.status, amount: intent.amountCents / 100 } };
      },
    );
  }
}
