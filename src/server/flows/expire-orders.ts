/**
 * Unpaid orders hold stock; when their hold ends (UNPAID_ORDER_TTL after placing, or after a payment of
 * them began: orders/service.ts heldUntilMs) they expire and give it back. Safe with several
 * servers running this at once: each order's change is conditional on it still being 'not paid', so
 * exactly one server wins it and only the winner returns the stock.
 */
import type { Executor } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { getOrder, heldUntilMs, listUnpaidHoldsEndedBy } from '../orders/service.js';
import { type CachedAnswers, inOrderTransaction } from './order-process.js';

const BATCH = 200;

/** For callers that keep no cached answers. */
const NO_CACHE: CachedAnswers = { invalidate: () => undefined };

/** Expires up to a batch of the unpaid orders whose hold of `ttlMs` ended before `at`; answers how many. */
export async function expireUnpaidOrders(db: Executor, ttlMs: number, at = Date.now(), cache: CachedAnswers = NO_CACHE): Promise<number> {
  const stale = await listUnpaidHoldsEndedBy(db, at, ttlMs, BATCH);
  let expired = 0;
  for (const { id } of stale) {
    try {
      // Read again in the move's transaction: a payment may have begun since the list was read.
      const moved = await inOrderTransaction(db, cache, async (moves) => {
        const order = await getOrder(moves.trx, id);
        return heldUntilMs(order, ttlMs) < at ? moves.move(order, 'expired', { actor: 'system' }) : undefined;
      });
      if (moved) expired += 1;
    } catch (error) {
      // Paid, cancelled or expired by someone else in the meantime: theirs to handle.
      if (!(error instanceof HttpError && error.code === 'illegal_transition')) throw error;
    }
  }
  return expired;
}
