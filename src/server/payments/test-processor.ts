/**
 * The built-in test card processor: the shop takes payments with no account and no network. It behaves
 * like Stripe in test mode (same flow, Stripe's test cards and wording, `pi_…` and `re_…` ids) and keeps
 * its intents and refunds in the shop's database, so every app server sees the same ones.
 */
import { randomBytes } from 'node:crypto';
import { type CardInput, cardDigits, cardEntryError, cardMessages, REFUND_DECLINING_CARD, TEST_CARD_OUTCOMES } from '../../shared/card.js';
import { centsToDollars } from '../../shared/money.js';
import { formatMoney } from '../../shared/format.js';
import { type Executor, inTransaction, now, timestamps } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { CURRENCY, type PaymentIntent, type PaymentProvider, WebhookSignatureError } from './provider.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function stripeLikeId(prefix: string, length = 24): string {
  return prefix + [...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

type Row = {
  id: string;
  client_secret: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  status: string;
};

function toIntent(row: Row): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency,
    orderId: row.order_id,
  };
}

/** A card error answer, shaped like every other error of the API (402 as Stripe answers). */
export const cardError = (message: string) => new HttpError(402, 'card_error', message);
/** A request Stripe would refuse as it stands (400 invalid_request_error). */
const invalidRequest = (message: string) => new HttpError(400, 'invalid_request_error', message);

export interface TestProcessor extends PaymentProvider {
  /** What Stripe.js's confirmCardPayment does: charge the card for the intent behind the client secret. */
  confirm(clientSecret: string, card: CardInput): Promise<PaymentIntent>;
}

export function testProcessor(db: Executor): TestProcessor {
  const intents = () => db.selectFrom('test_processor_intents').selectAll();

  return {
    name: 'test',
    publishableKey: null,

    async createIntent({ orderId, amountCents, idempotencyKey }) {
      const existing = await intents().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      if (existing) return toIntent(existing);
      const id = stripeLikeId('pi_');
      const row = {
        id,
        client_secret: `${id}_secret_${stripeLikeId('', 25)}`,
        order_id: String(orderId),
        amount_cents: amountCents,
        currency: CURRENCY,
        status: 'requires_payment_method' as const,
        idempotency_key: idempotencyKey,
        ...timestamps(),
      };
      // Two racing creates with one key: the unique index keeps one, and both answer with it.
      await db.insertInto('test_processor_intents').values(row).onConflict((oc) => oc.doNothing()).execute();
      return toIntent(await intents().where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow());
    },

    async retrieveIntent(id) {
      const row = await intents().where('id', '=', id).executeTakeFirst();
      return row ? toIntent(row) : null;
    },

    async confirm(clientSecret, card) {
      const row = await intents().where('client_secret', '=', clientSecret).executeTakeFirst();
      if (!row) throw notFound('Payment');
      if (row.status !== 'requires_payment_method') return toIntent(row);
      const entryError = cardEntryError(card);
      if (entryError) throw cardError(entryError);
      const digits = cardDigits(card.number);
      const outcome = digits in TEST_CARD_OUTCOMES ? TEST_CARD_OUTCOMES[digits] : cardMessages.declined;
      if (outcome) throw cardError(outcome);
      await db
        .updateTable('test_processor_intents')
        .set({ status: 'succeeded', declines_refunds: digits === REFUND_DECLINING_CARD ? 1 : 0, updated_at: now() })
        .where('id', '=', row.id)
        .execute();
      return toIntent({ ...row, status: 'succeeded' });
    },

    /**
     * As Stripe refunds: any part of what the payment captured and has not given back yet, once per
     * idempotency key (a repeat answers the same refund; the key with other figures is refused). The
     * refund row and the intent's refunded amount are written together, the latter only while it stays
     * within the captured amount, so racing refunds cannot give back more than was paid.
     */
    async refund(intentId, { amountCents, idempotencyKey }) {
      const earlier = () => db.selectFrom('test_processor_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      const repeat = (refund: { id: string; intent_id: string; amount_cents: number }) => {
        if (refund.intent_id !== intentId || refund.amount_cents !== amountCents) throw invalidRequest(cardMessages.idempotencyMismatch(idempotencyKey));
        return { id: refund.id };
      };
      const done = await earlier();
      if (done) return repeat(done);
      // The refund-declining card's payment: its first refund is declined (and that decline is kept).
      const declined = await db
        .updateTable('test_processor_intents')
        .set((eb) => ({ declines_refunds: eb('declines_refunds', '-', 1), updated_at: now() }))
        .where('id', '=', intentId)
        .where('declines_refunds', '>', 0)
        .executeTakeFirst();
      if (declined.numUpdatedRows > 0n) throw cardError(cardMessages.refundDeclined);

      const id = stripeLikeId('re_');
      const outcome = await inTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto('test_processor_refunds')
          .values({ id, intent_id: intentId, amount_cents: amountCents, idempotency_key: idempotencyKey, created_at: now() })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .executeTakeFirst();
        // The same key at the same moment: the other request's refund is this one.
        if (!inserted.numInsertedOrUpdatedRows) return 'repeat' as const;
        const intent = await trx.selectFrom('test_processor_intents').selectAll().where('id', '=', intentId).executeTakeFirst();
        if (!intent) throw notFound('Payment');
        if (intent.status === 'requires_payment_method') throw invalidRequest(cardMessages.nothingToRefund);
        const given = await trx
          .updateTable('test_processor_intents')
          .set((eb) => ({
            refunded_cents: eb('refunded_cents', '+', amountCents),
            status: eb.case().when(eb('refunded_cents', '+', amountCents), '=', eb.ref('amount_cents')).then('refunded').else(eb.ref('status')).end().$castTo<'refunded' | 'succeeded'>(),
            updated_at: now(),
          }))
          .where('id', '=', intentId)
          .where((eb) => eb(eb('refunded_cents', '+', amountCents), '<=', eb.ref('amount_cents')))
          .executeTakeFirst();
        if (given.numUpdatedRows === 0n || amountCents <= 0) {
          const left = centsToDollars(intent.amount_cents - intent.refunded_cents);
          throw invalidRequest(cardMessages.refundTooLarge(formatMoney(centsToDollars(amountCents)), formatMoney(left)));
        }
        return 'refunded' as const;
      });
      if (outcome === 'repeat') return repeat((await earlier())!);
      return { id };
    },

    verifyWebhook() {
      throw new WebhookSignatureError('The test processor sends no webhooks');
    },
  };
}
