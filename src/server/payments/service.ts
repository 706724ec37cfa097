/** The payments domain's records: every payment the shop saw, and every provider event it applied. */
import type { PaymentRecord } from '../../shared/api.js';
import { centsToDollars } from '../../shared/money.js';
import { type Executor, now, timestamps } from '../db/schema.js';
import { CURRENCY, type PaymentIntent, type PaymentProvider } from './provider.js';

/** An intent created for an order (one per order and amount: a repeat changes nothing). */
export async function recordIntentCreated(db: Executor, provider: PaymentProvider, orderId: number, intentId: string, amountCents: number) {
  await db
    .insertInto('payments')
    .values({
      order_id: orderId,
      provider: provider.name,
      intent_id: intentId,
      amount_cents: amountCents,
      currency: CURRENCY,
      status: 'created',
      ...timestamps(),
    })
    .onConflict((oc) => oc.column('intent_id').doNothing())
    .execute();
}

/** What became of an intent: it paid its order, or its money was given back. */
export async function recordPayment(
  db: Executor,
  provider: PaymentProvider,
  orderId: number,
  intent: PaymentIntent,
  status: 'succeeded' | 'refunded',
) {
  await db
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

/** The whole of a payment was given back (its order cancelled): the record says so. A part given back (a return) leaves it succeeded. */
export async function recordPaymentRefunded(db: Executor, intentId: string) {
  await db.updateTable('payments').set({ status: 'refunded', updated_at: now() }).where('intent_id', '=', intentId).execute();
}

/** A payment of the shop's past (the demo's months of sales), by the built-in test processor. */
export async function recordPastPayment(db: Executor, payment: { orderId: number; intentId: string; amountCents: number; at: string }) {
  await db
    .insertInto('payments')
    .values({
      order_id: payment.orderId,
      provider: 'test',
      intent_id: payment.intentId,
      amount_cents: payment.amountCents,
      currency: CURRENCY,
      status: 'succeeded',
      created_at: payment.at,
      updated_at: payment.at,
    })
    .execute();
}

/**
 * Remembers a provider event by its id. A second delivery of the same event fails its unique key,
 * unless `ifNew` (then it is a no-op).
 */
export async function recordWebhookEvent(db: Executor, eventId: string, type: string, { ifNew = false } = {}) {
  const insert = db.insertInto('webhook_events').values({ event_id: eventId, type, ...timestamps() });
  await (ifNew ? insert.onConflict((oc) => oc.column('event_id').doNothing()) : insert).execute();
}

export async function listPayments(db: Executor, limit = 1000): Promise<PaymentRecord[]> {
  const rows = await db.selectFrom('payments').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map((p) => ({
    _id: String(p.id),
    orderId: String(p.order_id),
    provider: p.provider,
    intentId: p.intent_id,
    amount: centsToDollars(p.amount_cents),
    currency: p.currency,
    status: p.status,
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  }));
}
