/** Reading orders. Placing, cancelling, delivering and paying span domains: see flows/routes.ts. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { openOrdersSchema, orderEventSchema, orderSchema, salesStatsSchema } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { emailSchema, idSchema, salesStatsQuerySchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { getActiveUser } from '../users/service.js';
import { conflict } from '../http/errors.js';
import { renderInvoicePdf } from '../invoices/service.js';
import { getOrderFor, getOrderHistory, invoiceFacts, linesOf, listAllOrders, listOrdersOfUser, openOrdersOfProduct, orderDto, orderDtos } from './service.js';
import { salesStats } from './stats.js';

const idParams = z.object({ id: idSchema });
const orderList = z.array(orderSchema);
const tags = ['orders'];

export async function ordersRoutes(app: FastifyInstance, { db: { kysely: db }, config }: AppContext) {
  const api = typed(app);
  const hold = config.unpaidOrderTtlMs;

  api.get(
    '/api/orders',
    { config: { access: 'admin' }, schema: { tags, response: { 200: orderList } } },
    async () => orderDtos(db, await listAllOrders(db), hold),
  );

  api.get(
    '/api/orders/:email',
    { config: { access: 'self' }, schema: { tags, params: z.object({ email: emailSchema }), response: { 200: orderList } } },
    async (request) => {
      const user = await getActiveUser(db, request.params.email);
      return orderDtos(db, await listOrdersOfUser(db, user.id), hold);
    },
  );

  api.get(
    '/api/order/:id',
    { config: { access: 'user' }, schema: { tags, params: idParams, response: { 200: orderSchema } } },
    async (request) => orderDto(db, await getOrderFor(db, requireViewer(request), request.params.id), hold),
  );

  api.get(
    '/api/orders/:id/invoice.pdf',
    {
      config: { access: 'user' },
      schema: { tags, description: "A paid order's invoice as a PDF: its customer's or an admin's. 409 before it is paid.", params: idParams },
    },
    async (request, reply) => {
      const order = await getOrderFor(db, requireViewer(request), request.params.id);
      const invoice = invoiceFacts(order, await linesOf(db, order.id));
      if (!invoice) throw conflict('not_invoiced', errorMessages.notInvoiced);
      const pdf = await renderInvoicePdf(invoice, config.shop);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.invoiceNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
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

  api.get(
    '/api/admin/stats',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          "Sales from `from` to `to` (both included, days in SHOP_TIME_ZONE): paid orders by the day they were paid, orders placed in the period by status.",
        querystring: salesStatsQuerySchema,
        response: { 200: salesStatsSchema },
      },
    },
    async (request) => salesStats(db, request.query, config.shop.timeZone),
  );
}
