import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe.js';
import { testProcessor } from './test-processor.js';

/** Stripe when its keys are configured, the built-in test processor otherwise (config.ts decides). */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  return config.payments.kind === 'stripe' ? stripeProvider(config.payments) : testProcessor(db);
}
