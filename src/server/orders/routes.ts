import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderSchema } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { ORDER_STATUSES } from '../../shared/order-status.js';
import { emailSchema, idSchema, orderInputSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireSelfOrAdmin, requireViewer } from '../auth/guards.js';
import { conflict, forbidden } from '../errors.js';
import { getActiveUser } from '../users/service.js';
import {
  cancelOrder,
  deliverOrder,
  getOrderFor,
  listAllOrders,
  listOrdersOfUser,
  placeOrder,
  toOrderDto,
} from './service.js';

const idParams = z.object({ id: idSchema });
const orderList = z.array(orderSchema);
const tags = ['orders'];

/** SPEC's PATCH carries either a delivery (`status: 'shipped'`) or a payment (`transactionId`). */
const orderPatchSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  transactionId: z.string().trim().min(1).max(255).optional(),
});

export async function ordersRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = typed(app);

  api.post(
    '/api/orders',
    { config: { access: 'user' }, schema: { tags, body: orderInputSchema, response: { 201: orderSchema } } },
    async (request, reply) =>
      reply.status(201).send(toOrderDto(await placeOrder(db, requireViewer(request), request.body))),
  );

  api.get(
    '/api/orders',
    { config: { access: 'admin' }, schema: { tags, response: { 200: orderList } } },
    async () => (await listAllOrders(db)).map(toOrderDto),
  );

  api.get(
    '/api/orders/:email',
    {
      config: { access: 'user' },
      schema: { tags, params: z.object({ email: emailSchema }), response: { 200: orderList } },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.email);
      const user = await getActiveUser(db, request.params.email);
      return (await listOrdersOfUser(db, user.id)).map(toOrderDto);
    },
  );

  api.get(
    '/api/order/:id',
    { config: { access: 'user' }, schema: { tags, params: idParams, response: { 200: orderSchema } } },
    async (request) => toOrderDto(await getOrderFor(db, requireViewer(request), request.params.id)),
  );

  api.delete(
    '/api/orders/:id',
    { config: { access: 'user' }, schema: { tags, params: idParams, response: { 200: orderSchema } } },
    async (request) => toOrderDto(await cancelOrder(db, requireViewer(request), request.params.id)),
  );

  api.patch(
    '/api/orders/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: idParams, body: orderPatchSchema, response: { 200: orderSchema } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      if (request.body.status === 'shipped') {
        if (viewer.role !== 'admin') throw forbidden();
        return toOrderDto(await deliverOrder(db, request.params.id));
      }
      // Payment confirmation: only the owner, and only once the payment provider is wired in.
      const order = await getOrderFor(db, viewer, request.params.id);
      if (order.user_id !== viewer.id) throw forbidden();
      throw conflict('payment_unavailable', errorMessages.paymentNotAvailable, {
        transactionId: `Order ${order.id} cannot be marked paid yet`,
      });
    },
  );
}
