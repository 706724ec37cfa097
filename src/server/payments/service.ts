/**
 * Paying an order. The browser never says what was paid: the server reads the payment from the
 * provider and marks the order paid only if it succeeded, for this order, for the exact amount.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { orderTotalCents } from '../../shared/money.js';
import type { Viewer } from '../auth/sessions.js';
import type { Db } from '../db/connection.js';
import { isUniqueViolation } from '../db/errors.js';
import { type Database, now, type OrderRow, timestamps } from '../db/schema.js';
import { conflict, forbidden, HttpError } from '../errors.js';
import { getOrder, transitionOrder } from '../orders/service.js';
import { CURRENCY, type PaymentEvent, type PaymentIntent, type PaymentProvider } from './provider.js';

export const paymentMessages = {
  notUnpaid: 'This order is not waiting for payment',
  unknownPayment: 'No such payment',
  notSucceeded: 'This payment has not succeeded',
  wrongOrder: 'This payment is for another order',
  wrongAmount: 'This payment does not match the order total',
  refunded: (status: string) =>
    `This order was ${status === 'expired' ? 'expired' : status === 'cancelled' ? 'cancelled' : 'already paid'} before your payment arrived; the payment has been refunded`,
} as const;

async function getOwnOrder(db: Db, viewer: Viewer, orderId: number): Promise<OrderRow> {
  const order = await getOrder(db, orderId);
  if (order.user_id !== viewer.id) throw forbidden();
  return order;
}

/** One intent per order and amount: a retried request gets the same intent, never a second charge. */
export async function createPaymentIntent(db: Db, provider: PaymentProvider, viewer: Viewer, orderId: number) {
  const order = await getOwnOrder(db, viewer, orderId);
  if (order.status !== 'not paid') throw conflict('not_payable', paymentMessages.notUnpaid);
  const amountCents = orderTotalCents(order.unit_price_cents, order.quantity);
  const intent = await provider.createIntent({
    orderId: order.id,
    amountCents,
    idempotencyKey: `order-${order.id}-${amountCents}`,
  });
  await db.kysely
    .insertInto('payments')
    .values({
      order_id: order.id,
      provider: provider.name,
      intent_id: intent.id,
      amount_cents: amountCents,
      currency: CURRENCY,
      status: 'created',
      ...timestamps(),
    })
    .onConflict((oc) => oc.column('intent_id').doNothing())
    .execute();
  return { clientSecret: intent.clientSecret, amount: amountCents / 100 };
}

function mismatch(order: OrderRow, intent: PaymentIntent): HttpError | null {
  if (intent.status !== 'succeeded') return new HttpError(402, 'payment_not_succeeded', paymentMessages.notSucceeded);
  if (intent.orderId !== String(order.id)) return conflict('payment_mismatch', paymentMessages.wrongOrder);
  const total = orderTotalCents(order.unit_price_cents, order.quantity);
  if (intent.amountCents !== total || intent.currency !== CURRENCY) {
    return conflict('payment_mismatch', paymentMessages.wrongAmount);
  }
  return null;
}

type Settled = { outcome: 'paid' | 'already-paid' | 'duplicate' | 'refunded'; order: OrderRow };

async function recordPayment(trx: Kysely<Database>, provider: PaymentProvider, orderId: number, intent: PaymentIntent, status: 'succeeded' | 'refunded') {
  await trx
    .insertInto('payments')
    .values({
      order_id: orderId,
      provider: provider.name,
      intent_id: intent.id,
      amount_cents: intent.amountCents,
      currency: intent.currency,
      status,
      ...timestamps(),
    })
    .onConflict((oc) => oc.column('intent_id').doUpdateSet({ status, updated_at: now() }))
    .execute();
}

/**
 * Applies a succeeded payment to its order, in one transaction: 'not paid' → 'pending' with the intent's
 * id, the payment recorded, and (for a webhook) the event id, whose unique key makes a replay a no-op.
 * A payment the order can no longer take (it expired or was cancelled meanwhile, or another payment
 * already paid it) is refunded, never kept silently.
 */
async function settle(db: Db, provider: PaymentProvider, orderId: number, intent: PaymentIntent, eventId: string | null): Promise<Settled> {
  const attempt = () =>
    db.kysely.transaction().execute(async (trx): Promise<Settled> => {
      if (eventId) await trx.insertInto('webhook_events').values({ event_id: eventId, type: 'payment_intent.succeeded', ...timestamps() }).execute();
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      if (order.transaction_id === intent.id) return { outcome: 'already-paid', order };
      if (order.status !== 'not paid') return { outcome: 'refunded', order };
      const paid = await transitionOrder(trx, order, 'pending', { actor: 'payment', userId: null }, { transaction_id: intent.id });
      await recordPayment(trx, provider, orderId, intent, 'succeeded');
      return { outcome: 'paid', order: paid };
    });

  let settled: Settled;
  try {
    settled = await attempt().catch((error: unknown) => {
      // Another request changed the order between our read and our write: read again, once.
      if (error instanceof HttpError && error.code === 'illegal_transition') return attempt();
      throw error;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'duplicate', order: await getOrder(db, orderId) };
    throw error;
  }
  if (settled.outcome === 'refunded') {
    await provider.refund(intent.id);
    await db.kysely.transaction().execute((trx) => recordPayment(trx, provider, orderId, intent, 'refunded'));
  }
  return settled;
}

const refundedError = (order: OrderRow) =>
  conflict('payment_refunded', paymentMessages.refunded(order.status));

/** PATCH /api/orders/:id { transactionId } from the order's owner after the card was confirmed. */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  viewer: Viewer,
  orderId: number,
  transactionId: string,
): Promise<OrderRow> {
  const order = await getOwnOrder(db, viewer, orderId);
  if (order.transaction_id === transactionId) return order;
  const intent = await provider.retrieveIntent(transactionId);
  if (!intent) throw new HttpError(400, 'unknown_payment', paymentMessages.unknownPayment);
  const problem = mismatch(order, intent);
  if (problem) throw problem;
  const settled = await settle(db, provider, order.id, intent, null);
  if (settled.outcome === 'refunded') throw refundedError(settled.order);
  return settled.order;
}

/**
 * A verified provider event. payment_intent.succeeded pays its order (once, however often it arrives,
 * on however many servers); events for unknown orders are acknowledged and logged, not retried forever.
 */
export async function handlePaymentEvent(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
  log: FastifyBaseLogger,
): Promise<'processed' | 'duplicate' | 'refunded' | 'ignored'> {
  if (event.type !== 'payment_intent.succeeded' || !event.intent) return 'ignored';
  const intent = event.intent;
  const orderId = Number(intent.orderId);
  const order = Number.isInteger(orderId)
    ? await db.kysely.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()
    : undefined;
  const context = { eventId: event.id, intentId: intent.id, orderId: intent.orderId };
  if (!order) {
    log.warn(context, 'payment event for an unknown order: acknowledged, ignored');
    return 'ignored';
  }
  const problem = mismatch(order, intent);
  if (problem) {
    log.error({ ...context, reason: problem.message }, 'payment event does not match its order: not applied');
    return 'ignored';
  }
  const { outcome } = await settle(db, provider, order.id, intent, event.id);
  if (outcome === 'refunded') log.warn(context, 'payment arrived for an order that could not take it: refunded');
  return outcome === 'already-paid' || outcome === 'paid' ? 'processed' : outcome;
}

export async function listPayments(db: Db) {
  return db.kysely.selectFrom('payments').selectAll().orderBy('id', 'desc').limit(1000).execute();
}
