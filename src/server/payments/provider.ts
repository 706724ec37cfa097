/** What the shop needs from a card payment provider; Stripe in production, the test processor otherwise. */
import type { PaymentProviderName } from '../../shared/api.js';
import { SHOP_CURRENCY } from '../../shared/format.js';

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  /** 'succeeded' is the only status that pays an order. */
  status: string;
  amountCents: number;
  currency: string;
  /** The order id the shop put in the intent's metadata when creating it. */
  orderId: string | null;
}

export interface PaymentEvent {
  id: string;
  type: string;
  /** Set for payment_intent.* events. */
  intent: PaymentIntent | null;
}

export interface PaymentProvider {
  name: PaymentProviderName;
  /** For the browser: Stripe's publishable key; null for the test processor. */
  publishableKey: string | null;
  createIntent(input: { orderId: number; amountCents: number; idempotencyKey: string }): Promise<PaymentIntent>;
  /** null when the provider knows no such intent. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Gives `amountCents` of a succeeded payment back (any part of what it captured and has not given back
   * yet); the provider's refund id. A repeat with the same idempotency key is the same refund, never a
   * second one. Throws when the provider refuses or cannot be reached: then nothing was given back.
   */
  refund(intentId: string, refund: { amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Verifies a webhook's signature over the raw body; throws when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class WebhookSignatureError extends Error {}

/** Stripe writes currencies in lower case. */
export const CURRENCY = SHOP_CURRENCY.toLowerCase();
