import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CartPricing } from './cart/service.js';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { Executor } from './db/schema.js';
import type { ResponseCache } from './http/response-cache.js';
import type { Counters } from './limits/service.js';
import type { PaymentProvider } from './payments/provider.js';

/** What every domain's routes receive. */
export interface AppContext {
  db: Db;
  config: Config;
  payments: PaymentProvider;
  cache: ResponseCache;
  /** Rate-limit and lockout counts (shared by every server on PostgreSQL). */
  counters: Counters;
  /**
   * Runs in the transaction of a change that may have made parts orderable again (a restock, an edit, an
   * import): tells the buyers waiting for them (flows/stock-alerts.ts), so that the catalog's routes need
   * not know of e-mail.
   */
  afterStockRaised: (trx: Executor) => Promise<unknown>;
  /**
   * For a request by a signed-in member whose company's price list is in force: what turns a public
   * catalog answer into theirs, with `yourPrice` and `yourPriceBreaks` (flows/buyer-pricing.ts), so that
   * the catalog's routes need not know of companies. Undefined for anyone else.
   */
  memberPrices: (request: FastifyRequest) => Promise<((body: unknown) => Promise<unknown>) | undefined>;
  /** How a buyer's cart is priced (a member's price list applied, flows/buyer-pricing.ts). */
  cartPricing: CartPricing;
}

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
