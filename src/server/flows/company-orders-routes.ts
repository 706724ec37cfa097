/** Company-owned orders (issue 63): approving and declining them, and a company's admins' list and export. They span orders and companies. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderPageSchema, orderSchema } from '../../shared/api.js';
import { declineOrderSchema } from '../../shared/companies.js';
import { idSchema, ORDER_PAGE_SIZE, orderExportQuerySchema, orderListQuerySchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { sendCsv } from '../http/csv.js';
import { exportOrdersCsv, ORDER_CSV_COLUMNS, queryOrders } from '../orders/listing.js';
import { orderDto, orderDtos } from '../orders/service.js';
import { approveOrder, assertCompanyAdmin, assertMayDecide, declineOrder } from './company-orders.js';

const idParams = z.object({ id: idSchema });
const tags = ['orders'];

export async function companyOrdersRoutes(app: FastifyInstance, { db: { kysely: db }, cache, config }: AppContext) {
  const api = typed(app);
  const hold = config.unpaidOrderTtlMs;

  api.post(
    '/api/orders/:id/approve',
    {
      config: { access: 'user', scope: 'company' },
      schema: {
        tags,
        description:
          "An admin of the order's company approves an order `awaiting approval` (over its buyer's spending limit): it is `not paid`, its payment hold starting now, " +
          "and the buyer is e-mailed to pay. Its own buyer, even a company admin, and staff admins: 403; anyone who cannot see the order: 404; not awaiting approval: 409.",
        params: idParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => orderDto(db, await approveOrder(db, cache, requireViewer(request), request.params.id), hold),
  );

  api.post(
    '/api/orders/:id/decline',
    {
      config: { access: 'user', scope: 'company' },
      schema: {
        tags,
        description:
          "An admin of the order's company declines an order `awaiting approval`: it is `cancelled`, its units back in stock, and the buyer is e-mailed `reason` " +
          '(the answer\'s `declineReason`). Who may: as for approve.',
        params: idParams,
        body: declineOrderSchema,
        response: { 200: orderSchema },
      },
      // Who may not decide on the order is told so before the reason is validated.
      preValidation: async (request) => {
        const id = idSchema.safeParse((request.params as { id?: unknown }).id);
        if (id.success) await assertMayDecide(db, requireViewer(request), id.data);
      },
    },
    async (request) => orderDto(db, await declineOrder(db, cache, requireViewer(request), request.params.id, request.body.reason), hold),
  );

  api.get(
    '/api/companies/:id/orders',
    {
      config: { access: 'user', scope: 'company' },
      schema: {
        tags,
        description:
          "The company's orders, every buyer's, for its admins only (a member who is no admin, staff: 403; anyone else: 404): one page `{ items, nextCursor, total }` " +
          'with the filters, search and sorts of GET /api/orders.',
        params: idParams,
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema },
      },
    },
    async (request) => {
      await assertCompanyAdmin(db, requireViewer(request), request.params.id);
      const { limit, cursor, ...filters } = request.query;
      const page = await queryOrders(db, { ...filters, companyId: request.params.id, timeZone: config.shop.timeZone, limit: limit ?? ORDER_PAGE_SIZE.default, cursor });
      return { items: await orderDtos(db, page.rows, hold), nextCursor: page.nextCursor, total: page.total };
    },
  );

  api.get(
    '/api/companies/:id/orders.csv',
    {
      config: { access: 'user', scope: 'company' },
      schema: {
        tags,
        description:
          `The company's orders GET /api/companies/:id/orders lists, with the same filters and sort, one row per order line, as CSV with the columns ${ORDER_CSV_COLUMNS.join(', ')} ` +
          '(as GET /api/orders/export.csv). Who may: as for the list.',
        produces: ['text/csv'],
        params: idParams,
        querystring: orderExportQuerySchema,
      },
    },
    async (request, reply) => {
      await assertCompanyAdmin(db, requireViewer(request), request.params.id);
      const { bom, ...filters } = request.query;
      return sendCsv(reply, 'company-orders', exportOrdersCsv(db, { ...filters, companyId: request.params.id, timeZone: config.shop.timeZone }, { bom: bom === 'true' }));
    },
  );
}
