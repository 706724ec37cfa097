/** The checkout's endpoints that span domains (catalog, addresses, shipping and tax). */
import type { FastifyInstance } from 'fastify';
import { noShippingMethodSchema, quoteSchema } from '../../shared/checkout-api.js';
import { quoteRequestSchema } from '../../shared/checkout-schemas.js';
import { quoteToWire } from '../../shared/checkout.js';
import { typed, type AppContext } from '../app-types.js';
import { NoShippingMethod, quoteCheckout } from './checkout-quote.js';

export async function checkoutRoutes(app: FastifyInstance, { db: { kysely: db }, config }: AppContext) {
  typed(app).post(
    '/api/checkout/quote',
    {
      config: { access: 'public', identify: true },
      schema: {
        tags: ['checkout'],
        description:
          "Prices lines for a destination with the shop's own prices: shipping methods (the cheapest unless `shippingMethodId` names one), tax lines and the total. Signed-in buyers may send `addressId` (a saved address) and pay no tax while an exemption is recorded; a `vatId` is checked (400 when mistyped). 422 `{ code: 'no_shipping_method', message }` when no method reaches the destination for this weight.",
        body: quoteRequestSchema,
        response: { 200: quoteSchema, 422: noShippingMethodSchema },
      },
    },
    async (request, reply) => {
      try {
        return quoteToWire(await quoteCheckout(db, request.viewer, request.body, config));
      } catch (error) {
        if (error instanceof NoShippingMethod) return reply.status(422).send({ code: 'no_shipping_method' as const, message: error.message });
        throw error;
      }
    },
  );
}
