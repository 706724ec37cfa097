/** Removing a product or an account: each touches the domain that owns it and those that point at it. */
import { recordAdminAction } from '../audit/service.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { deleteProduct, getListedProduct, hideProduct } from '../catalog/service.js';
import { type Executor, inTransaction, type ProductRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { hasOrdersForProduct, openOrdersOfProduct } from '../orders/service.js';
import { type CachedAnswers, inOrderTransaction } from './order-process.js';
import { getRemovableUser, markRemoved } from '../users/service.js';

/**
 * A product that was ever ordered is hidden (its orders still point at it); otherwise it is deleted.
 * Its unpaid orders are cancelled (their customers get the cancellation e-mail); paid ones stay, to ship.
 */
export async function removeProduct(db: Executor, cache: CachedAnswers, admin: Viewer, id: number): Promise<ProductRow> {
  return inOrderTransaction(db, cache, async (moves) => {
    const { trx } = moves;
    const product = await getListedProduct(trx, id);
    for (const order of (await openOrdersOfProduct(trx, id)).unpaid) await moves.move(order, 'cancelled', { viewer: admin });
    if (await hasOrdersForProduct(trx, id)) await hideProduct(trx, id);
    else await deleteProduct(trx, id);
    await recordAdminAction(trx, admin, 'product.remove', `product ${product.id} ${product.name}`);
    return product;
  });
}

/** Removes an account: the row stays (its orders keep pointing at it), the e-mail is freed, sessions end. */
export async function removeAccount(db: Executor, admin: Viewer, email: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const user = await getRemovableUser(trx, email, admin);
    await markRemoved(trx, user.id);
    await revokeAllSessions(trx, user.id);
    await recordAdminAction(trx, admin, 'user.remove', user.email);
  });
}
