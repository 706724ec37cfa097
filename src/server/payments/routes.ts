/** Payment settings and the payment records. The built-in test processor's charge endpoint and paying an order: flows/routes.ts. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paymentRecordSchema, paymentsConfigSchema } from '../../shared/api.js';
import { typed, type AppContext } from '../app-types.js';
import { listPayments } from './service.js';

const tags = ['payments'];

export async function paymentsRoutes(app: FastifyInstance, { db, payments }: AppContext) {
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
}
