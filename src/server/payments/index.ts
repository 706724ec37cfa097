import type { Config } from '../config.js';
import type { Executor } from '../db/schema.js';
import type { PaymentProvider } from './provider.js';
import { testProcessor } from './test-processor.js';

/**
 * Stripe when its keys are configured, the built-in test processor otherwise (config.ts decides).
 * The Stripe SDK is loaded only when used: it is the largest module the server could load.
 */
export async function createPaymentProvider(config: Config, db: Executor): Promise<PaymentProvider> {
  if (config.payments.kind !== 'stripe') return testProcessor(db);
  const { stripeProvider } = await import('./stripe.js');
  return stripeProvider(config.payments);
}
