/**
 * Unpaid orders hold stock; after UNPAID_ORDER_TTL they expire and give it back. Safe with several
 * servers running this at once: each order's change is conditional on it still being 'not paid', so
 * exactly one server wins it and only the winner returns the stock.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Executor, inTransaction } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { listUnpaidPlacedBefore } from '../orders/service.js';
import { transitionOrder } from './order-process.js';

const BATCH = 200;

export async function expireUnpaidOrders(db: Executor, ttlMs: number, at = Date.now()): Promise<number> {
  const stale = await listUnpaidPlacedBefore(db, new Date(at - ttlMs).toISOString(), BATCH);
  let expired = 0;
  for (const order of stale) {
    try {
      await inTransaction(db, (trx) => transitionOrder(trx, order, 'expired', { actor: 'system' }));
      expired += 1;
    } catch (error) {
      // Paid, cancelled or expired by someone else in the meantime: theirs to handle.
      if (!(error instanceof HttpError && error.code === 'illegal_transition')) throw error;
    }
  }
  return expired;
}

/** Runs the expiry every `everyMs` (unref'd: it never keeps the process alive). */
export function scheduleExpiry(
  db: Executor,
  ttlMs: number,
  everyMs: number,
  log: FastifyBaseLogger,
  onExpired: () => void,
): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const count = await expireUnpaidOrders(db, ttlMs);
      if (count > 0) {
        onExpired();
        log.info({ count }, 'expired unpaid orders and returned their stock');
      }
    } catch (error) {
      log.error({ err: error }, 'expiring unpaid orders failed');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
