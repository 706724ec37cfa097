/** Payment settings, the payment records, and the built-in test processor. Paying an order: flows/routes.ts. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { confirmedPaymentSchema, paymentRecordSchema, paymentsConfigSchema } from '../../shared/api.js';
import { testPaymentConfirmSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { settleTestCharge } from '../flows/pay-order.js';
import { listPayments } from './service.js';
import type { TestProcessor } from './test-processor.js';

const tags = ['payments'];

export async function paymentsRoutes(app: FastifyInstance, { db, payments, cache }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/payments/config',
    { config: { access: 'public' }, schema: { tags, response: { 200: paymentsConfigSchema } } },
    async () => ({ provider: payments.name, publishableKey: payments.publishableKey }),
  );

  api.get(
    '/api/payments',
    { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(paymentRecordSchema) } } },
    async () => listPayments(db.kysely),
  );

  if (payments.name === 'test') {
    const processor = payments as TestProcessor;
    api.post(
      '/api/payments/test/confirm',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'The built-in test processor: charges a test card for the intent behind a client secret.',
          body: testPaymentConfirmSchema,
          response: { 200: confirmedPaymentSchema },
        },
      },
      async (request) => {
        const intent = await processor.confirm(request.body.clientSecret, request.body.card);
        await settleTestCharge({ db: db.kysely, cache, provider: processor }, intent, request.log);
        return { paymentIntent: { id: intent.id, status: intent.status, amount: intent.amountCents / 100 } };
      },
    );
  }
}
