/**
 * Endpoints whose work spans domains: each calls one flow, which passes one transaction through the
 * domains it needs. Domain routes stay within their domain (and read others through their services).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { confirmedPaymentSchema, homeSummarySchema, orderSchema, paymentIntentAnswerSchema, productSchema, shipmentSchema, webhookAnswerSchema } from '../../shared/api.js';
import { MOST_ORDERED } from '../../shared/catalog.js';
import { errorMessages } from '../../shared/messages.js';
import { orderInputSchema } from '../../shared/checkout-schemas.js';
import { emailSchema, idSchema, orderPatchSchema, paymentIntentRequestSchema, shipmentRequestSchema, testPaymentConfirmSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import type { OrderRow } from '../db/schema.js';
import { toProductDto } from '../catalog/service.js';
import { requireViewer } from '../http/access.js';
import { badRequest, HttpError } from '../http/errors.js';
import { getOrderFor, orderDto, toOrderDto } from '../orders/service.js';
import { WebhookSignatureError } from '../payments/provider.js';
import type { TestProcessor } from '../payments/test-processor.js';
import { pictureStorage } from '../media/storage.js';
import { fetchProductPicture } from './fetch-picture.js';
import { mostOrderedProducts } from './home-products.js';
import { homeSummary } from './home-summary.js';
import { placeOrder } from './orders.js';
import { cancelOrder } from './refunds.js';
import { deliverOrder, shipUnits } from './ship-order.js';
import { confirmPayment, createPaymentIntent, handlePaymentEvent, settleTestCharge } from './pay-order.js';
import { removeAccount, removeProduct } from './removals.js';
import { suggestQuerySchema, suggestionsSchema } from '../../shared/choosing.js';
import { suggestions } from './suggest.js';

const idParams = z.object({ id: idSchema });
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() });

export async function flowRoutes(app: FastifyInstance, { db: { kysely: db }, payments, cache, config, counters, memberPrices }: AppContext) {
  const api = typed(app);
  const paying = { db, cache, provider: payments };
  const dto = (order: OrderRow) => orderDto(db, order, config.unpaidOrderTtlMs);

  api.post(
    '/api/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        description: 'An `Idempotency-Key` header (any text up to 200 characters, new for each order the customer means) makes a retry safe: the same key answers the order it placed.',
        headers: idempotencyHeaders,
        body: orderInputSchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const idempotencyKey = request.headers['idempotency-key'];
      const { order, lines } = await placeOrder(db, cache, requireViewer(request), request.body, { ...config, counters, idempotencyKey });
      return reply.status(201).send(toOrderDto(order, lines, config.unpaidOrderTtlMs));
    },
  );

  api.delete(
    '/api/orders/:id',
    { config: { access: 'user' }, schema: { tags: ['orders'], params: idParams, response: { 200: orderSchema } } },
    async (request) => {
      return dto(await cancelOrder(paying, requireViewer(request), request.params.id));
    },
  );

  api.post(
    '/api/orders/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        description:
          "Cancels an order, its units back to stock. A paid order that shipped nothing: an admin only, and its whole charge is refunded through the payment provider first " +
          "(the answer lists the refund; the provider failing: 502, the order stays paid). An unpaid order: its customer or an admin, as DELETE does. Someone else's order: 404; shipped or partly shipped: 409.",
        params: idParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await getOrderFor(db, viewer, request.params.id);
      return dto(await cancelOrder(paying, viewer, request.params.id));
    },
  );

  // One PATCH carries either a delivery (`status: 'shipped'`) or a payment (`transactionId`), as the
  // original storefront's contract (docs/legacy-contract.md) fixes.
  api.patch(
    '/api/orders/:id',
    { config: { access: 'user' }, schema: { tags: ['orders'], params: idParams, body: orderPatchSchema, response: { 200: orderSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { status, transactionId } = request.body;
      if (status === 'shipped') return dto(await deliverOrder(db, cache, viewer, request.params.id));
      if (!transactionId) throw badRequest(errorMessages.transactionIdRequired, { transactionId: errorMessages.transactionIdRequired });
      // Paying: the owner reports a transaction id; the provider, not the browser, says whether it paid.
      return dto(await confirmPayment(paying, viewer, request.params.id, transactionId));
    },
  );

  api.post(
    '/api/orders/:id/shipments',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        description:
          "Ships units of a paid order's lines (`pending` or `partially shipped`) in one parcel, numbered SHP-000001 on: the order is " +
          '`partially shipped` while units remain, `shipped` once none do, and the buyer is e-mailed the parcel with its tracking link. ' +
          "Without `trackingUrl`, the carrier's tracking page for the number (none for Other). 409 `over_shipment` when a line's quantity " +
          'is more than is left of it to ship (nothing is recorded), 409 `illegal_transition` when the order is not paid or has nothing left to ship.',
        params: idParams,
        body: shipmentRequestSchema,
        response: { 201: shipmentSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await shipUnits(db, cache, requireViewer(request), request.params.id, request.body)),
  );

  api.post(
    '/api/create-payment-intent',
    {
      config: { access: 'user' },
      schema: { tags: ['payments'], body: paymentIntentRequestSchema, response: { 200: paymentIntentAnswerSchema } },
    },
    async (request) => createPaymentIntent(db, payments, requireViewer(request), request.body.orderId),
  );

  // Stripe signs the exact bytes it sent, so this route keeps the raw body.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    typed(webhook).post(
      '/api/payments/webhook',
      { config: { access: 'public' }, schema: { tags: ['payments'], response: { 200: webhookAnswerSchema } } },
      async (request) => {
        let event;
        try {
          event = payments.verifyWebhook(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw new HttpError(400, 'bad_signature', errorMessages.webhookSignature);
          throw error;
        }
        return { received: true as const, outcome: await handlePaymentEvent(paying, event, request.log) };
      },
    );
  });

  if (payments.name === 'test') {
    const processor = payments as TestProcessor;
    api.post(
      '/api/payments/test/confirm',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          description: 'The built-in test processor: charges a test card for the intent behind a client secret, and settles its order.',
          body: testPaymentConfirmSchema,
          response: { 200: confirmedPaymentSchema },
        },
      },
      async (request) => {
        const intent = await processor.confirm(request.body.clientSecret, request.body.card);
        await settleTestCharge(paying, intent, request.log);
        return { paymentIntent: { id: intent.id, status: intent.status, amount: intent.amountCents / 100 } };
      },
    );
  }

  // Cached with the reviews, so a new or hidden review shows at once; a paid order shows within the cache's time.
  api.get(
    '/api/summary',
    { config: { access: 'public' }, schema: { tags: ['content'], description: "The home page's business summary: real figures when HOME_FIGURES=live.", response: { 200: homeSummarySchema } } },
    async (request, reply) => cache.serve(request, reply, 'reviews', async () => ({ body: await homeSummary(db, config.shop.homeFigures) })),
  );

  // Honest chrome (issue 59): the home grid by units sold, cached with the catalog.
  api.get(
    '/api/products/most-ordered',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        description: `The ${MOST_ORDERED.count} parts for sale with the most units in orders paid in the last ${MOST_ORDERED.days} days, most first; fewer sold, the newest parts fill the list.`,
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) => cache.serveDecorated(request, reply, 'catalog', async () => ({ body: await mostOrderedProducts(db) }), await memberPrices(request)),
  );

  api.delete(
    '/api/products/:id',
    { config: { access: 'admin', changes: 'catalog' }, schema: { tags: ['catalog'], params: idParams, response: { 200: productSchema } } },
    async (request) => toProductDto(await removeProduct(db, cache, requireViewer(request), request.params.id)),
  );

  api.delete(
    '/api/user/:email',
    { config: { access: 'admin' }, schema: { tags: ['users'], params: z.object({ email: emailSchema }), response: { 204: z.null() } } },
    async (request, reply) => {
      await removeAccount(db, requireViewer(request), request.params.email);
      return reply.status(204).send(null);
    },
  );

  // Trade data (ACES/PIES, issue 66): a picture a PIES file linked, into the shop's storage.
  const pictures = pictureStorage(config);
  api.post(
    '/api/products/:id/picture/fetch',
    {
      config: { access: 'admin', changes: 'catalog' },
      schema: {
        tags: ['catalog'],
        description:
          "Fetches the part's picture from its http(s) link (as a PIES file's DigitalAssets give it) through the upload's checks " +
          '(a picture, its size and pixels), stores it as the upload does and links the part to the stored copy. 400 with why when the ' +
          'picture is already the shop\'s, or the link cannot be fetched or is no picture.',
        params: idParams,
        response: { 200: productSchema },
      },
    },
    async (request) => toProductDto(await fetchProductPicture(db, pictures, requireViewer(request), request.params.id)),
  );

  // Choosing parts (issue 65): suggestions as one types, from the catalog and the buyer's garage.
  api.get(
    '/api/search/suggest',
    {
      config: { access: 'public', identify: true },
      schema: {
        tags: ['catalog'],
        description: 'What to offer as a buyer types `q` (at least two characters): parts whose number starts so or whose name has words starting so (a typo forgiven), categories, and for a signed-in buyer the vehicles of their garage.',
        querystring: suggestQuerySchema,
        response: { 200: suggestionsSchema },
      },
    },
    async (request, reply) => {
      const { q } = request.query;
      if (request.viewer) return suggestions(db, q, request.viewer);
      return cache.serve(request, reply, 'catalog', async () => ({ body: await suggestions(db, q, null) }));
    },
  );
}
