/**
 * Every morning (LOW_STOCK_DIGEST_HOUR in the shop's time zone) each admin gets the list of parts to
 * reorder, through the outbox. With several servers checking at once, the day is claimed in the shared
 * counters (limits domain): one claim lands, and only that server writes the mails, in the same
 * transaction (a server that fails half-way leaves the day unclaimed for the next check).
 */
import { lowStock } from '../catalog/low-stock.js';
import { type Executor, inTransaction } from '../db/schema.js';
import { claimOnce, isClaimed } from '../limits/service.js';
import { enqueueMail } from '../mail/service.js';
import { shopClock } from '../orders/calendar.js';
import { listActiveAdmins } from '../users/service.js';

/** The most parts one digest lists; the mail says when more are low. */
const DIGEST_LIMIT = 50;
/** The claim outlives its day, then the counters' sweep may delete it. */
const CLAIM_KEPT_MS = 2 * 86_400_000;

export interface DigestSettings {
  defaultThreshold: number;
  timeZone: string;
  /** The local hour (0–23) from which the day's digest goes out. */
  hour: number;
}

const claimKey = (date: string) => `low-stock-digest:${date}`;

/**
 * Sends today's digest if it is due, not yet sent and some part is low (a day with none stays unclaimed,
 * so a part that runs low later that day is still reported). Returns how many mails it wrote.
 */
export async function sendLowStockDigest(db: Executor, settings: DigestSettings, at = Date.now()): Promise<number> {
  const { date, hour } = shopClock(settings.timeZone, at);
  if (hour < settings.hour || (await isClaimed(db, claimKey(date)))) return 0;
  const { items, more } = await lowStock(db, settings.defaultThreshold, DIGEST_LIMIT);
  if (items.length === 0) return 0;
  const data = { items: items.map(({ sku, name, stock, threshold }) => ({ sku, name, stock, threshold })), more };
  return inTransaction(db, async (trx) => {
    if (!(await claimOnce(trx, claimKey(date), at + CLAIM_KEPT_MS))) return 0;
    const admins = await listActiveAdmins(trx);
    for (const admin of admins) await enqueueMail(trx, { kind: 'low-stock-digest', to: admin.email, data });
    return admins.length;
  });
}
