import Stripe from 'stripe';
import { CURRENCY, type PaymentEvent, type PaymentIntent, type PaymentProvider, WebhookSignatureError } from './provider.js';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Only for tests against a local fake of Stripe's API, e.g. http://127.0.0.1:12111. */
  apiBase?: string;
}

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
  };
}

export function stripeProvider(config: StripeConfig): PaymentProvider {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });

  return {
    name: 'stripe',
    publishableKey: config.publishableKey,

    async createIntent({ orderId, amountCents, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency: CURRENCY, allowed_payment_method_types: ['card'], metadata: { orderId: String(orderId) } },
        { idempotencyKey },
      );
      return toIntent(intent);
    },

    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },

    async refund(intentId, { amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
      return { id: refund.id };
    },

    verifyWebhook(rawBody, signature): PaymentEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      const object = event.data.object as { object?: string };
      const intent = object.object === 'payment_intent' ? toIntent(object as Stripe.PaymentIntent) : null;
      return { id: event.id, type: event.type, intent };
    },
  };
}
