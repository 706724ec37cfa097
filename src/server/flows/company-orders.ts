/**
 * Company-owned orders (issue 63): an admin of the order's company approves an order over its buyer's
 * spending limit (it goes on to payment as any order) or declines it with a reason (cancelled, its stock
 * back), through the order process (order-process.ts), so its history, stock and e-mails follow the status
 * table; and a company's admins list and export all its orders.
 */
import { companyOrderMessages } from '../../shared/company-orders-copy.js';
import { PLACED_STATUS } from '../../shared/order-status.js';
import { lockedMembershipOf, membershipOf } from '../companies/service.js';
import { type Executor, now, type OrderRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { getOrder, lockOrder } from '../orders/service.js';
import { type CachedAnswers, inOrderTransaction } from './order-process.js';

const refused = (message: string) => new HttpError(403, 'forbidden', message);

/**
 * Refuses, before anything is written, anyone but an admin of the order's company who is not its buyer:
 * the buyer (who sees the order) and staff admins (who see every order) get 403; anyone who cannot see the
 * order (another company, a colleague who is no admin, any other account) 404, as for an order that does
 * not exist. The approver's own membership is held in the transaction (PostgreSQL), so an admin removed
 * meanwhile decides nothing.
 */
async function assertApproverOf(trx: Executor, viewer: Viewer, order: OrderRow): Promise<void> {
  if (order.user_id === viewer.id) throw refused(companyOrderMessages.ownOrder);
  const membership = order.company_id === null ? undefined : await lockedMembershipOf(trx, viewer.id);
  if (membership && membership.companyId === order.company_id && membership.role === 'admin') return;
  if (viewer.role === 'admin') throw refused(companyOrderMessages.notApprover);
  throw notFound('Order');
}

/**
 * The same refusal, read before a request's body is looked at (a decline's reason): who may not decide is
 * told so (403/404) whatever they sent. The decision's own transaction checks again, on the locked order.
 */
export async function assertMayDecide(db: Executor, viewer: Viewer, orderId: number): Promise<void> {
  await assertApproverOf(db, viewer, await getOrder(db, orderId));
}

/**
 * Approves an order waiting for its company: 'not paid', the buyer e-mailed to pay. Its payment hold starts
 * now (orders/service.ts heldUntilMs). The order's row is locked first, so of two admins approving at
 * once one does it and the other is told it is no longer waiting (409).
 */
export async function approveOrder(db: Executor, cache: CachedAnswers, viewer: Viewer, orderId: number): Promise<OrderRow> {
  return inOrderTransaction(db, cache, async (moves) => {
    const order = await lockOrder(moves.trx, orderId);
    await assertApproverOf(moves.trx, viewer, order);
    return moves.move(order, PLACED_STATUS, { viewer, approver: true }, { approved_by_user_id: viewer.id, approved_at: now() });
  });
}

/**
 * Declines an order waiting for its company: cancelled, its units back to stock, the buyer e-mailed the
 * reason (kept as the order's `decline_reason`). `approved_by_user_id` and `approved_at` record who decided
 * and when, whichever way.
 */
export async function declineOrder(db: Executor, cache: CachedAnswers, viewer: Viewer, orderId: number, reason: string): Promise<OrderRow> {
  return inOrderTransaction(db, cache, async (moves) => {
    const order = await lockOrder(moves.trx, orderId);
    await assertApproverOf(moves.trx, viewer, order);
    return moves.move(order, 'cancelled', { viewer, approver: true }, { decline_reason: reason, approved_by_user_id: viewer.id, approved_at: now() });
  });
}

/**
 * Refuses anyone but an admin of this (approved) company: a colleague who is no admin and staff admins get
 * 403; anyone else 404, as for a company that does not exist.
 */
export async function assertCompanyAdmin(db: Executor, viewer: Viewer, companyId: number): Promise<void> {
  const membership = await membershipOf(db, viewer.id);
  if (membership?.companyId === companyId) {
    if (membership.role === 'admin') return;
    throw refused(companyOrderMessages.companyAdminsOnly);
  }
  if (viewer.role === 'admin') throw refused(companyOrderMessages.companyAdminsOnly);
  throw notFound('Company');
}
