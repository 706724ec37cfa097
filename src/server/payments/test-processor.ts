/**
 * The built-in test card processor: the shop takes payments with no account and no network. It behaves
 * like Stripe in test mode (same flow, Stripe's test cards and wording, `pi_…` ids) and keeps its
 * intents in the shop's database, so every app server sees the same ones.
 */
import { randomBytes } from 'node:crypto';
import { type CardInput, cardDigits, cardEntryError, cardMessages, TEST_CARD_OUTCOMES } from '../../shared/card.js';
import { type Executor, now, timestamps } from '../db/schema.js';
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
        .set({ status: 'succeeded', updated_at: now() })
        .where('id', '=', row.id)
        .execute();
      return toIntent({ ...row, status: 'succeeded' });
    },

    async refund(intentId) {
      await db
        .updateTable('test_processor_intents')
        .set({ status: 'refunded', updated_at: now() })
        .where('id', '=', intentId)
        .execute();
    },

    verifyWebhook() {
      throw new WebhookSignatureError('The test processor sends no webhooks');
    },
  };
}
