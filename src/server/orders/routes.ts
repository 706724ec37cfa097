/** Reading orders. Placing, cancelling, delivering and paying span domains: see flows/routes.ts. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { openOrdersSchema, orderEventSchema, orderSchema } from '../../shared/api.js';
import { emailSchema, idSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import type { OrderRow } from '../db/schema.js';
import { requireViewer } from '../http/access.js';
import { getActiveUser } from '../users/service.js';
import { getOrderFor, getOrderHistory, listAllOrders, listOrdersOfUser, openOrdersOfProduct, toOrderDto } from './service.js';

const idParams = z.object({ id: idSchema });
const orderList = z.array(orderSchema);
const tags = ['orders'];

export async function ordersRoutes(app: FastifyInstance, { db: { kysely: db }, config }: AppContext) {
  const api = typed(app);
  const dto = (order: OrderRow) => toOrderDto(order, config.unpaidOrderTtlMs);

  api.get(
    '/api/orders',
    { config: { access: 'admin' }, schema: { tags, response: { 200: orderList } } },
    async () => (await listAllOrders(db)).map(dto),
  );

  api.get(
    '/api/orders/:email',
    { config: { access: 'self' }, schema: { tags, params: z.object({ email: emailSchema }), response: { 200: orderList } } },
    async (request) => {
      const user = await getActiveUser(db, request.params.email);
      return (await listOrdersOfUser(db, user.id)).map(dto);
    },
  );

  api.get(
    '/api/order/:id',
    { config: { access: 'user' }, schema: { tags, params: idParams, response: { 200: orderSchema } } },
    async (request) => dto(await getOrderFor(db, requireViewer(request), request.params.id)),
  );

  api.get(
    '/api/products/:id/open-orders',
    {
      config: { access: 'admin' },
      schema: { tags, description: "A product's unpaid orders and its paid ones still to ship: what removing it touches.", params: idParams, response: { 200: openOrdersSchema } },
    },
    async (request) => {
      const { unpaid, toShip } = await openOrdersOfProduct(db, request.params.id);
      return { unpaid: unpaid.length, toShip };
    },
  );

  api.get(
    '/api/orders/:id/history',
    { config: { access: 'admin' }, schema: { tags, params: idParams, response: { 200: z.array(orderEventSchema) } } },
    async (request) => getOrderHistory(db, request.params.id),
  );
}
