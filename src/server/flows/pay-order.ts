/**
 * Paying an order: the payments domain and the order process. The browser never says what was paid:
 * the server reads the payment from the provider and marks the order paid only if it succeeded, for
 * this order, for the exact amount.
 */
import type { FastifyBaseLogger } from 'fastify';
import { errorMessages } from '../../shared/messages.js';
import { isPayable, PAID_STATUS } from '../../shared/order-status.js';
import { idSchema } from '../../shared/schemas.js';
import { isUniqueViolation } from '../db/errors.js';
import { type Executor, inTransaction, now, type OrderRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { conflict, HttpError } from '../http/errors.js';
import { findOrder, getOrder, getOwnOrder, nextInvoiceNumber, notePaymentStarted, totalCentsOf } from '../orders/service.js';
import { CURRENCY, type PaymentEvent, type PaymentIntent, type PaymentProvider } from '../payments/provider.js';
import { recordIntentCreated, recordPayment, recordWebhookEvent } from '../payments/service.js';
import { type CachedAnswers, inOrderTransaction } from './order-process.js';

const m = errorMessages.payment;

/** What settling a payment works with: the database, the server's cached answers, the payment provider. */
export interface PaymentContext {
  db: Executor;
  cache: CachedAnswers;
  provider: PaymentProvider;
}

/**
 * One intent per order and amount: a retried request gets the same intent, never a second charge. The
 * order's hold runs again from now (within its bound, orders/service.ts heldUntilMs), so that it does not
 * expire while the customer is paying.
 */
export async function createPaymentIntent(db: Executor, provider: PaymentProvider, viewer: Viewer, orderId: number) {
  const order = await getOwnOrder(db, viewer, orderId);
  if (!isPayable(order.status)) throw conflict('not_payable', m.notUnpaid);
  await notePaymentStarted(db, order.id);
  const amountCents = totalCentsOf(order);
  const intent = await provider.createIntent({ orderId: order.id, amountCents, idempotencyKey: `order-${order.id}-${amountCents}` });
  await recordIntentCreated(db, provider, order.id, intent.id, amountCents);
  return { clientSecret: intent.clientSecret, amount: amountCents / 100 };
}

function mismatch(order: OrderRow, intent: PaymentIntent): HttpError | null {
  if (intent.status !== 'succeeded') return new HttpError(402, 'payment_not_succeeded', m.notSucceeded);
  if (intent.orderId !== String(order.id)) return conflict('payment_mismatch', m.wrongOrder);
  if (intent.amountCents !== totalCentsOf(order) || intent.currency !== CURRENCY) return conflict('payment_mismatch', m.wrongAmount);
  return null;
}

type Settled = { outcome: 'paid' | 'already-paid' | 'duplicate' | 'refunded'; order: OrderRow };

/** The order can no longer take this payment: thrown to roll the settling transaction back. */
class MustRefund extends Error {
  constructor(readonly order: OrderRow) {
    super('payment must be refunded');
  }
}

/**
 * Applies a succeeded payment to its order, in one transaction: moved to PAID_STATUS with the intent's
 * id, the payment recorded, and (for a webhook) the event id, whose unique key makes a replay a no-op.
 * A payment the order can no longer take (it expired or was cancelled meanwhile, or another payment
 * already paid it) is refunded, never kept silently; its event counts as handled only once the refund
 * went through, so a failed refund is tried again when the provider delivers the event again.
 */
async function settle(
  { db, cache, provider }: PaymentContext,
  orderId: number,
  intent: PaymentIntent,
  eventId: string | null,
): Promise<Settled> {
  const attempt = () =>
    inOrderTransaction(db, cache, async (moves): Promise<Settled> => {
      const { trx } = moves;
      if (eventId) await recordWebhookEvent(trx, eventId, 'payment_intent.succeeded');
      const order = await getOrder(trx, orderId);
      if (order.transaction_id === intent.id) return { outcome: 'already-paid', order };
      if (!isPayable(order.status)) throw new MustRefund(order);
      // Taken inside this transaction: if the payment does not apply after all, the number is not used up.
      const invoice = { invoice_number: await nextInvoiceNumber(trx), invoiced_at: now() };
      const paid = await moves.move(order, PAID_STATUS, { actor: 'payment' }, { transaction_id: intent.id, ...invoice });
      await recordPayment(trx, provider, orderId, intent, 'succeeded');
      return { outcome: 'paid', order: paid };
    });

  try {
    return await attempt().catch((error: unknown) => {
      // Another request changed the order between our read and our write: read again, once.
      if (error instanceof HttpError && error.code === 'illegal_transition') return attempt();
      throw error;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'duplicate', order: await getOrder(db, orderId) };
    if (!(error instanceof MustRefund)) throw error;
    await provider.refund(intent.id, { amountCents: intent.amountCents, idempotencyKey: `refund-${intent.id}` });
    await inTransaction(db, async (trx) => {
      await recordPayment(trx, provider, orderId, intent, 'refunded');
      if (eventId) await recordWebhookEvent(trx, eventId, 'payment_intent.succeeded', { ifNew: true });
    });
    return { outcome: 'refunded', order: error.order };
  }
}

/** PATCH /api/orders/:id { transactionId } from the order's owner after the card was confirmed. */
export async function confirmPayment(paying: PaymentContext, viewer: Viewer, orderId: number, transactionId: string) {
  const { db, provider } = paying;
  const order = await getOwnOrder(db, viewer, orderId);
  if (order.transaction_id === transactionId) return order;
  const intent = await provider.retrieveIntent(transactionId);
  if (!intent) throw new HttpError(400, 'unknown_payment', m.unknownPayment);
  // The shop already refunded this charge itself (see settleTestCharge): the answer a refund now would get.
  if (intent.status === 'refunded' && intent.orderId === String(order.id) && !isPayable(order.status)) {
    throw conflict('payment_refunded', m.refunded(order.status));
  }
  const problem = mismatch(order, intent);
  if (problem) throw problem;
  const settled = await settle(paying, order.id, intent, null);
  if (settled.outcome === 'refunded') throw conflict('payment_refunded', m.refunded(settled.order.status));
  return settled.order;
}

/**
 * A verified provider event. payment_intent.succeeded pays its order (once, however often it arrives,
 * on however many servers); events for unknown orders are acknowledged and logged, not retried forever.
 */
export async function handlePaymentEvent(
  paying: PaymentContext,
  event: PaymentEvent,
  log: FastifyBaseLogger,
): Promise<'processed' | 'duplicate' | 'refunded' | 'ignored'> {
  if (event.type !== 'payment_intent.succeeded' || !event.intent) return 'ignored';
  const intent = event.intent;
  const orderId = idSchema.safeParse(intent.orderId);
  const order = orderId.success ? await findOrder(paying.db, orderId.data) : undefined;
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
  const { outcome } = await settle(paying, order.id, intent, event.id);
  if (outcome === 'refunded') log.warn(context, 'payment arrived for an order that could not take it: refunded');
  return outcome === 'already-paid' || outcome === 'paid' ? 'processed' : outcome;
}

/**
 * The test processor sends no webhooks, so the shop settles each charge it makes at once, as Stripe's
 * payment_intent.succeeded event would: the order is paid, or, when it can no longer take the payment
 * (cancelled or expired meanwhile), the charge is refunded and recorded, whether or not the browser
 * ever reports it.
 */
export async function settleTestCharge(paying: PaymentContext, intent: PaymentIntent, log: FastifyBaseLogger): Promise<void> {
  if (intent.status !== 'succeeded') return;
  await handlePaymentEvent(paying, { id: `evt_${intent.id}`, type: 'payment_intent.succeeded', intent }, log);
}
