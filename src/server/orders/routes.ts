/** Reading orders and their shipments' packing slips. Placing, cancelling, shipping and paying span domains: see flows/routes.ts. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { openOrdersSchema, orderEventSchema, orderPageSchema, orderSchema } from '../../shared/api.js';
import { salesStatsQuerySchema, salesStatsSchema } from '../../shared/sales-stats.js';
import { errorMessages } from '../../shared/messages.js';
import {
  emailSchema,
  idSchema,
  myOrdersQuerySchema,
  ORDER_PAGE_SIZE,
  orderExportQuerySchema,
  orderListQuerySchema,
} from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { sendCsv } from '../http/csv.js';
import { getActiveUser } from '../users/service.js';
import { conflict } from '../http/errors.js';
import { renderCreditNotePdf, renderInvoicePdf, renderPackingSlipPdf } from '../invoices/service.js';
import { ORDER_CSV_COLUMNS, exportOrdersCsv, type OrderList, queryOrders } from './listing.js';
import { creditNoteFacts, getOrderFor, getOrderHistory, getRefundFor, invoiceFacts, linesOf, listOrdersOfUser, openOrdersOfProduct, orderDto, orderDtos, packingSlipFacts } from './service.js';
import { SettledSales, salesStats } from './stats.js';
import { companyNames } from '../companies/service.js';
import { sendPdf } from '../http/pdf-answer.js';

const idParams = z.object({ id: idSchema });
const orderPageOrList = z.union([orderPageSchema, z.array(orderSchema)]);
/** What an old client that asks for "all orders" gets at most. */
const LEGACY_CAP = 1000;
const tags = ['orders'];

export async function ordersRoutes(app: FastifyInstance, { db: { kysely: db }, config }: AppContext) {
  const api = typed(app);
  const hold = config.unpaidOrderTtlMs;
  const settledSales = new SettledSales();

  /** With `limit` or `cursor`, one page; without, the array of the original storefront's contract (docs/legacy-contract.md), capped at LEGACY_CAP and saying so in headers. */
  async function answerPageOrList(
    reply: FastifyReply,
    { limit, cursor }: { limit?: number; cursor?: string },
    list: (page: { limit: number; cursor?: string }) => Promise<OrderList>,
  ) {
    const paged = limit !== undefined || cursor !== undefined;
    const { rows, nextCursor, total } = await list({ limit: paged ? (limit ?? ORDER_PAGE_SIZE.default) : LEGACY_CAP, cursor });
    const items = await orderDtos(db, rows, hold);
    if (paged) return { items, nextCursor, total };
    reply.header('x-result-limit', String(LEGACY_CAP));
    if (nextCursor !== null) reply.header('x-more-results', 'true');
    return items;
  }

  api.get(
    '/api/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          '`q` finds an order by its id, its customer\'s name or e-mail, a part number on it (however spelled) or its PO number; ' +
          '`status` keeps one status; `from` and `to` (YYYY-MM-DD, both included, in SHOP_TIME_ZONE) bound the day it was placed; ' +
          '`sort` is newest (the default), oldest, total or -total; `companyId` keeps the orders placed for that company. With `limit` or `cursor`: one page `{ items, nextCursor, total }`, `total` counting every order that matches. ' +
          `Without: an array (for old clients) capped at ${LEGACY_CAP} orders, with \`X-Result-Limit\` and, when more exist, \`X-More-Results: true\`.`,
        querystring: orderListQuerySchema,
        response: { 200: orderPageOrList },
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...filters } = request.query;
      return answerPageOrList(reply, { limit, cursor }, (page) => queryOrders(db, { ...filters, timeZone: config.shop.timeZone, ...page }));
    },
  );

  api.get(
    '/api/orders/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          `The orders GET /api/orders lists with the same filters and sort, one row per order line, as CSV with the columns ${ORDER_CSV_COLUMNS.join(', ')}. ` +
          'Cells that a spreadsheet would run as a formula start with a quote. `bom=true` starts the file with a UTF-8 byte-order mark (for Excel).',
        produces: ['text/csv'],
        querystring: orderExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { bom, ...filters } = request.query;
      return sendCsv(reply, 'orders', exportOrdersCsv(db, { ...filters, timeZone: config.shop.timeZone }, { bom: bom === 'true' }));
    },
  );

  api.get(
    '/api/orders/:email',
    {
      config: { access: 'self' },
      schema: {
        tags,
        description: 'One customer\'s orders, newest first. With `limit` or `cursor`: one page `{ items, nextCursor, total }`; without: all of them, as the original storefront\'s contract (docs/legacy-contract.md) has it.',
        params: z.object({ email: emailSchema }),
        querystring: myOrdersQuerySchema,
        response: { 200: orderPageOrList },
      },
    },
    async (request, reply) => {
      const user = await getActiveUser(db, request.params.email);
      const { limit, cursor } = request.query;
      if (limit === undefined && cursor === undefined) return orderDtos(db, await listOrdersOfUser(db, user.id), hold);
      return answerPageOrList(reply, { limit, cursor }, (page) => queryOrders(db, { userId: user.id, timeZone: config.shop.timeZone, ...page }));
    },
  );

  api.get(
    '/api/order/:id',
    {
      config: { access: 'user' },
      schema: { tags, description: 'One order: its customer\'s or an admin\'s; anyone else is answered 404, as for an order that does not exist.', params: idParams, response: { 200: orderSchema } },
    },
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
      return sendPdf(reply, await renderInvoicePdf(invoice, config.shop), `invoice-${invoice.invoiceNumber}.pdf`);
    },
  );

  api.get(
    '/api/shipments/:id/packing-slip.pdf',
    {
      config: { access: 'admin' },
      schema: { tags, description: "A shipment's packing slip as a PDF, to go in the parcel: its parts and units, where it goes, the order and PO numbers; no prices.", params: idParams },
    },
    async (request, reply) => {
      const slip = await packingSlipFacts(db, request.params.id);
      return sendPdf(reply, await renderPackingSlipPdf(slip, config.shop), `packing-slip-${slip.shipmentNumber}.pdf`);
    },
  );

  api.get(
    '/api/refunds/:id/credit-note.pdf',
    {
      config: { access: 'user' },
      schema: { tags, description: "A refund's credit note as a PDF: the order's customer's or an admin's (anyone else: 404).", params: idParams },
    },
    async (request, reply) => {
      const { refund, order } = await getRefundFor(db, requireViewer(request), request.params.id);
      const note = creditNoteFacts(order, refund);
      return sendPdf(reply, await renderCreditNotePdf(note, config.shop), `credit-note-${note.creditNoteNumber}.pdf`);
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
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: "An order's status history, oldest first: its customer's or an admin's (anyone else: 404). The customer sees who moved it only where that was the customer.",
        params: idParams,
        response: { 200: z.array(orderEventSchema) },
      },
    },
    async (request) => getOrderHistory(db, requireViewer(request), request.params.id),
  );

  api.get(
    '/api/admin/stats',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          "Sales from `from` to `to` (both included, days in SHOP_TIME_ZONE): paid orders by the day they were paid, orders placed in the period by status; with `companyId`, that company's orders only. `topCompanies`: the companies whose paid orders brought the most.",
        querystring: salesStatsQuerySchema,
        response: { 200: salesStatsSchema },
      },
    },
    async ({ query }) => {
      const stats = await salesStats(db, query, config.shop.timeZone, settledSales);
      // Company names are the companies domain's: asked for the few that rank.
      const names = await companyNames(db, stats.topCompanies.map((company) => company.companyId));
      return { ...stats, topCompanies: stats.topCompanies.map((company) => ({ ...company, name: names.get(company.companyId) ?? '' })) };
    },
  );
}
