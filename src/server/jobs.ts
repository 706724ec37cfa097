/** The server's background work, each on its own timer: e-mail, expiring unpaid orders, the low-stock digest, the order search's index. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Executor } from './db/schema.js';
import { expireUnpaidOrders } from './flows/expire-orders.js';
import { sendLowStockDigest } from './flows/low-stock-digest.js';
import type { ResponseCache } from './http/response-cache.js';
import { type MailTransport, sendDueMail } from './mail/sender.js';
import { indexNewOrders, ORDER_INDEXING_BATCH } from './orders/search-index.js';

/** How often SQLite's order search takes in the orders placed since (the few a search compares itself). */
const ORDER_INDEXING_EVERY_MS = 500;

/** Starts every job; answers a function that stops them all. */
export function startJobs(db: Executor, config: Config, transport: MailTransport, cache: ResponseCache, log: FastifyBaseLogger): () => void {
  const digest = { defaultThreshold: config.lowStockThreshold, timeZone: config.shop.timeZone, hour: config.lowStockDigestHour };
  const stops = [
    repeatEvery(config.mailSendEveryMs, log, 'sending e-mail failed', () =>
      inBatches(async () => (await sendDueMail(db, transport, config.shop, log)) > 0),
    ),
    repeatEvery(config.expiryCheckEveryMs, log, 'expiring unpaid orders failed', async () => {
      const count = await expireUnpaidOrders(db, config.unpaidOrderTtlMs, Date.now(), cache);
      if (count > 0) log.info({ count }, 'expired unpaid orders and returned their stock');
    }),
    repeatEvery(config.expiryCheckEveryMs, log, 'the low-stock digest failed', async () => {
      const count = await sendLowStockDigest(db, digest);
      if (count > 0) log.info({ count }, 'wrote the low-stock digest to the admins');
    }),
    repeatEvery(ORDER_INDEXING_EVERY_MS, log, 'indexing new orders for the order search failed', () =>
      inBatches(async () => (await indexNewOrders(db)) === ORDER_INDEXING_BATCH),
    ),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * Runs `batch` until it answers that nothing is left, letting the event loop turn between batches. On
 * SQLite a batch never waits for the database, so without the turn a backlog would be worked off in one
 * stretch with no request answered meanwhile.
 */
export async function inBatches(batch: () => Promise<boolean>): Promise<void> {
  while (await batch()) await nextTurn();
}

/** Runs `task` every `everyMs`, never two at once, logging a failure as `failure`; unref'd: it never keeps the process alive. */
function repeatEvery(everyMs: number, log: FastifyBaseLogger, failure: string, task: () => Promise<void>): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      log.error({ err: error }, failure);
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
