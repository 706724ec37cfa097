import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderEventSchema, orderSchema } from '../../shared/api.js';
import { ORDER_STATUSES } from '../../shared/order-status.js';
import { emailSchema, idSchema, orderInputSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireSelfOrAdmin, requireViewer } from '../auth/guards.js';
import { badRequest, forbidden } from '../errors.js';
import { confirmPayment } from '../payments/service.js';
import { getActiveUser } from '../users/service.js';
import {
  cancelOrder,
  deliverOrder,
  getOrderFor,
  getOrderHistory,
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

export async function ordersRoutes(app: FastifyInstance, { db, payments, cache }: AppContext) {
  const api = typed(app);

  api.post(
    '/api/orders',
    { config: { access: 'user' }, schema: { tags, body: orderInputSchema, response: { 201: orderSchema } } },
    async (request, reply) => {
      const order = await placeOrder(db, requireViewer(request), request.body);
      cache.invalidate('catalog');
      return reply.status(201).send(toOrderDto(order));
    },
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

  api.get(
    '/api/orders/:id/history',
    { config: { access: 'admin' }, schema: { tags, params: idParams, response: { 200: z.array(orderEventSchema) } } },
    async (request) =>
      (await getOrderHistory(db, request.params.id)).map((event) => ({
        from: event.from_status,
        to: event.to_status,
        actor: event.actor,
        by: event.actor_email ? { name: event.actor_name ?? '', email: event.actor_email } : null,
        at: event.created_at,
      })),
  );

  api.delete(
    '/api/orders/:id',
    { config: { access: 'user' }, schema: { tags, params: idParams, response: { 200: orderSchema } } },
    async (request) => {
      const order = await cancelOrder(db, requireViewer(request), request.params.id);
      cache.invalidate('catalog');
      return toOrderDto(order);
    },
  );

  api.patch(
    '/api/orders/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: idParams, body: orderPatchSchema, response: { 200: orderSchema } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { status, transactionId } = request.body;
      if (status === 'shipped') {
        if (viewer.role !== 'admin') throw forbidden();
        return toOrderDto(await deliverOrder(db, viewer, request.params.id));
      }
      if (!transactionId) throw badRequest('transactionId is required', { transactionId: 'transactionId is required' });
      // Paying: the owner reports a transaction id; the provider, not the browser, says whether it paid.
      return toOrderDto(await confirmPayment(db, payments, viewer, request.params.id, transactionId));
    },
  );
}
