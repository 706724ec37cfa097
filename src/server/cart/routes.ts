import type { FastifyInstance } from 'fastify';
import { cartSchema } from '../../shared/api.js';
import { cartInputSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { cartOf, saveCart } from './service.js';

const tags = ['cart'];

export async function cartRoutes(app: FastifyInstance, { db, cartPricing }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/cart',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: "The signed-in buyer's own cart: each part with today's unit price (a trade member's own, their company's price list applied), stock and what stands in the way of ordering it.",
        response: { 200: cartSchema },
      },
    },
    async (request) => cartOf(db.kysely, requireViewer(request).id, cartPricing),
  );

  api.put(
    '/api/cart',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          "Replaces the signed-in buyer's own cart with these lines and answers it. A new or changed line must name a part for sale " +
          '(400 `unknown_product`) at a quantity its minimum and packs allow (400 on `lines.N.quantity`).',
        body: cartInputSchema,
        response: { 200: cartSchema },
      },
    },
    async (request) => saveCart(db.kysely, requireViewer(request).id, request.body, cartPricing),
  );
}
