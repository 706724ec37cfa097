/**
 * Back in stock: in the transaction of a change that may have made parts orderable again (a restock, an
 * edit, an import, an order giving its units back), the alerts of every part that now can be ordered are
 * claimed (catalog) and each waiting buyer gets one e-mail through the outbox (mail). A claimed alert is
 * deleted with the claim, so no later change, on this server or another, mails it again.
 */
import { claimAlertsOfOrderableParts } from '../catalog/service.js';
import type { Executor } from '../db/schema.js';
import { enqueueMail } from '../mail/service.js';
import { findActiveUserById } from '../users/service.js';

/** Returns how many e-mails it wrote. */
export async function tellWaitingBuyers(trx: Executor): Promise<number> {
  let written = 0;
  for (const alert of await claimAlertsOfOrderableParts(trx)) {
    const buyer = await findActiveUserById(trx, alert.userId);
    if (!buyer) continue;
    await enqueueMail(trx, { kind: 'back-in-stock', to: buyer.email, data: { customerName: buyer.name, productName: alert.name, sku: alert.sku } });
    written += 1;
  }
  return written;
}
