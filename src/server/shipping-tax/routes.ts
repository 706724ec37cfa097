import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { shippingConfigAnswerSchema, taxConfigAnswerSchema, taxExemptionAnswerSchema } from '../../shared/checkout-api.js';
import { shippingConfigSchema, taxConfigSchema, taxExemptionSchema } from '../../shared/checkout-schemas.js';
import { emailSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { getActiveUser } from '../users/service.js';
import { removeTaxExemption, replaceShippingConfig, replaceTaxRates, setTaxExemption, shippingConfig, taxRates } from './service.js';

const tags = ['shipping and tax'];
const emailParams = z.object({ email: emailSchema });

export async function shippingTaxRoutes(app: FastifyInstance, { db: { kysely: db } }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/admin/shipping',
    { config: { access: 'admin' }, schema: { tags, description: 'Every shipping zone and method, in the order the admin saved them.', response: { 200: shippingConfigAnswerSchema } } },
    async () => shippingConfig(db),
  );

  api.put(
    '/api/admin/shipping',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'Replaces every zone and method. Checked whole: one bad entry (named in `fields`, e.g. `methods.2.bands`) and nothing is saved.',
        body: shippingConfigSchema,
        response: { 200: shippingConfigAnswerSchema },
      },
    },
    async (request) => replaceShippingConfig(db, request.body),
  );

  api.get(
    '/api/admin/tax',
    { config: { access: 'admin' }, schema: { tags, description: 'Every tax rate (`rate` in percent).', response: { 200: taxConfigAnswerSchema } } },
    async () => ({ rates: await taxRates(db) }),
  );

  api.put(
    '/api/admin/tax',
    {
      config: { access: 'admin' },
      schema: { tags, description: 'Replaces every tax rate; checked whole (all or nothing).', body: taxConfigSchema, response: { 200: taxConfigAnswerSchema } },
    },
    async (request) => replaceTaxRates(db, request.body),
  );

  api.put(
    '/api/admin/users/:email/tax-exemption',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: "Records a buyer's resale or exemption certificate: until `expiresOn` (included, on the shop's calendar) the buyer pays no tax.",
        params: emailParams,
        body: taxExemptionSchema,
        response: { 200: taxExemptionAnswerSchema },
      },
    },
    async (request) => {
      const user = await getActiveUser(db, request.params.email);
      await setTaxExemption(db, user.id, request.body);
      return { email: user.email, ...request.body };
    },
  );

  api.delete(
    '/api/admin/users/:email/tax-exemption',
    { config: { access: 'admin' }, schema: { tags, description: "Ends a buyer's tax exemption.", params: emailParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await getActiveUser(db, request.params.email);
      await removeTaxExemption(db, user.id);
      return reply.status(204).send(null);
    },
  );
}
