/**
 * Unpaid orders hold stock; after UNPAID_ORDER_TTL they expire and give it back. Safe with several
 * servers running this at once: each order's change is conditional on it still being 'not paid', so
 * exactly one server wins it and only the winner returns the stock.
 */
import type { Executor } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { listUnpaidPlacedBefore } from '../orders/service.js';
import { type CachedAnswers, inOrderTransaction } from './order-process.js';

const BATCH = 200;

/** For callers that keep no cached answers. */
const NO_CACHE: CachedAnswers = { invalidate: () => undefined };

/** Expires up to a batch of the unpaid orders placed more than `ttlMs` before `at`; answers how many. */
export async function expireUnpaidOrders(db: Executor, ttlMs: number, at = Date.now(), cache: CachedAnswers = NO_CACHE): Promise<number> {
  const stale = await listUnpaidPlacedBefore(db, new Date(at - ttlMs).toISOString(), BATCH);
  let expired = 0;
  for (const order of stale) {
    try {
      await inOrderTransaction(db, cache, (moves) => moves.move(order, 'expired', { actor: 'system' }));
      expired += 1;
    } catch (error) {
      // Paid, cancelled or expired by someone else in the meantime: theirs to handle.
      if (!(error instanceof HttpError && error.code === 'illegal_transition')) throw error;
    }
  }
  return expired;
}
