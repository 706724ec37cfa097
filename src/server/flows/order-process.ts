/**
 * The order process: the one place an order changes status. For a move it checks who may make it (role
 * and ownership, here and not only in the route), writes the change with its history event, and carries
 * out the move's effects, listed in `EFFECTS`: some inside the move's transaction (stock, e-mail), some
 * once it committed (cached answers). Placing, cancelling, expiring, paying and delivering an order each
 * run in `inOrderTransaction`.
 */
import { errorMessages, messages, refundMessages } from '../../shared/messages.js';
import { centsToDollars } from '../../shared/money.js';
import {
  AWAITING_APPROVAL_STATUS,
  canEverMoveTo,
  canTransition,
  holdsStock,
  isPaid,
  type OrderActor,
  type OrderStatus,
  PAID_STATUS,
  PLACED_STATUS,
  releasesStock,
} from '../../shared/order-status.js';
import { companyAdminIds, membershipOf } from '../companies/service.js';
import { findActiveUserById } from '../users/service.js';
import { releaseStock } from '../catalog/service.js';
import type { Executor, OrderLineRow, OrderRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { conflict, forbidden } from '../http/errors.js';
import type { ResponseCache } from '../http/response-cache.js';
import { enqueueMail } from '../mail/service.js';
import { verifyPurchases } from '../reviews/part-reviews.js';
import { tellWaitingBuyers } from './stock-alerts.js';
import type { OrderFacts, OrderMailKind } from '../mail/templates.js';
import { type ChangedBy, changeStatus, chargesOf, invoiceFacts, linesOf, type StatusChanges, toLineDto, totalCentsOf } from '../orders/service.js';

/**
 * Who asks for a change: a signed-in account, the payment provider, or the shop itself. `approver`: the
 * account asks as an admin of the order's company (flows/company-orders.ts checked that it is one), and only
 * as that; it is never its own order's approver.
 */
export type Requester = { viewer: Viewer; approver?: true } | { actor: 'payment' | 'system' };

const illegal = (order: OrderRow, to: OrderStatus) =>
  conflict('illegal_transition', errorMessages.illegalTransition(order.status, to));

/** The roles a viewer holds towards an order: its customer, an admin, or both; or its company's approver. */
function rolesOf({ viewer, approver }: { viewer: Viewer; approver?: true }, order: OrderRow): OrderActor[] {
  if (approver) return order.user_id === viewer.id ? [] : ['approver'];
  const roles: OrderActor[] = [];
  if (order.user_id === viewer.id) roles.push('customer');
  if (viewer.role === 'admin') roles.push('admin');
  return roles;
}

/**
 * Fails fast, before the order is read, when the viewer could never make such a change as any role
 * they might hold (a customer delivering an order): 403.
 */
export function assertMayEverMoveTo(viewer: Viewer, to: OrderStatus): void {
  const possible: OrderActor[] = viewer.role === 'admin' ? ['customer', 'admin'] : ['customer'];
  if (!possible.some((actor) => canEverMoveTo(to, actor))) throw forbidden();
}

/** As which actor this requester makes this change: 403 when not theirs to make, 409 when not now. */
function actingAs(requester: Requester, order: OrderRow, to: OrderStatus): ChangedBy {
  if ('actor' in requester) {
    if (!canTransition(order.status, to, requester.actor)) throw illegal(order, to);
    return { actor: requester.actor, user: null };
  }
  const { viewer } = requester;
  const roles = rolesOf(requester, order);
  if (roles.length === 0) throw forbidden();
  const actor = roles.find((role) => canTransition(order.status, to, role));
  if (actor) return { actor, user: viewer };
  throw roles.some((role) => canEverMoveTo(to, role)) ? illegal(order, to) : forbidden();
}

/** Refuses, before anything is written, a change this requester may not make now: 403 or 409 as `move` would. */
export function assertMayMove(requester: Requester, order: OrderRow, to: OrderStatus): void {
  actingAs(requester, order, to);
}

/** The server's cached answers, which an order's move may make stale. */
export type CachedAnswers = Pick<ResponseCache, 'invalidate'>;

/** A move of an order: from its status (`null` while it is being placed) to another, and who made it. */
interface Move {
  from: OrderStatus | null;
  to: OrderStatus;
  by: ChangedBy;
}

interface Effect {
  /** Whether the move sets this effect off. */
  when: (move: Move) => boolean;
  /** Runs in the move's transaction, and is undone with it. */
  inTransaction?: (trx: Executor, order: OrderRow, lines: readonly OrderLineRow[], move: Move) => Promise<void>;
  /**
   * Runs once the move's transaction committed (before, a read in between could cache what the move
   * is changing), once however many of its moves set it off.
   */
  afterCommit?: (cache: CachedAnswers) => void;
}

/** Placing an order takes its units from stock; a move that lets them go gives them back. */
const changesStock = ({ from, to }: Move) => (from === null ? holdsStock(to) : releasesStock(from, to));

/** A paid order given up: its money goes back (flows/refunds.ts, in the same transaction). */
const cancelsPayment = ({ from, to }: Move) => from !== null && isPaid(from) && !isPaid(to);

/** What each move sets off besides its status change and history event, in this order. */
const EFFECTS: readonly Effect[] = [
  // No route may cancel a paid order without giving its whole charge back first, in the same transaction.
  { when: cancelsPayment, inTransaction: assertRefundedWhole },
  { when: ({ from, to }) => from !== null && releasesStock(from, to), inTransaction: giveUnitsBack },
  // Units given back may make a part orderable for the buyers waiting for it.
  { when: ({ from, to }) => from !== null && releasesStock(from, to), inTransaction: tellBuyersWaitingForUnits },
  // Most statuses have their e-mail (STATUS_MAIL); a shipment tells its own parcel instead (flows/ship-order.ts),
  // and a cancelled paid order's is its refund's (flows/refunds.ts).
  { when: (move) => mailKindOf(move) !== null && !cancelsPayment(move), inTransaction: mailOrderStatus },
  // A company order over its buyer's limit: the company's other admins are asked to decide on it.
  { when: ({ from, to }) => from === null && to === AWAITING_APPROVAL_STATUS, inTransaction: askCompanyAdmins },
  // The catalog's cached pages and products show stock.
  { when: changesStock, afterCommit: dropCatalogAnswers },
  // A paid order makes its buyer's reviews of its parts verified purchases.
  { when: ({ to }) => to === PAID_STATUS, inTransaction: verifyReviewsOfPurchase },
];

async function assertRefundedWhole(_trx: Executor, order: OrderRow): Promise<void> {
  if (order.refunded_cents < order.total_cents) throw conflict('not_refunded', refundMessages.notCancellable);
}

async function tellBuyersWaitingForUnits(trx: Executor): Promise<void> {
  await tellWaitingBuyers(trx);
}

async function verifyReviewsOfPurchase(trx: Executor, order: OrderRow, lines: readonly OrderLineRow[]): Promise<void> {
  await verifyPurchases(trx, order.user_id, lines.map((line) => line.product_id));
}

function dropCatalogAnswers(cache: CachedAnswers): void {
  cache.invalidate('catalog');
}

async function giveUnitsBack(trx: Executor, order: OrderRow, lines: readonly OrderLineRow[], { to, by }: Move): Promise<void> {
  const reason = to === 'expired' ? 'expiry' : 'cancel';
  await releaseStock(trx, lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })), { reason, orderId: order.id, by: by.user });
}

/** One transaction's order moves: each carries out its effects there, or keeps them for after the commit. */
export class OrderMoves {
  readonly afterCommit = new Set<(cache: CachedAnswers) => void>();

  constructor(readonly trx: Executor) {}

  /** Moves `order` to `to` for `requester`: 403 when not theirs to make, 409 when not now. */
  async move(order: OrderRow, to: OrderStatus, requester: Requester, changes: StatusChanges = {}): Promise<OrderRow> {
    const by = actingAs(requester, order, to);
    const updated = await changeStatus(this.trx, order, to, by, changes);
    if (!updated) throw illegal(order, to);
    await this.carryOut({ from: order.status, to, by }, updated, await linesOf(this.trx, order.id));
    return updated;
  }

  /** The effects of placing an order, just written with its lines, by its buyer. */
  async placed(order: OrderRow, lines: readonly OrderLineRow[], by: ChangedBy): Promise<void> {
    await this.carryOut({ from: null, to: order.status, by }, order, lines);
  }

  private async carryOut(move: Move, order: OrderRow, lines: readonly OrderLineRow[]): Promise<void> {
    for (const effect of EFFECTS) {
      if (!effect.when(move)) continue;
      if (effect.inTransaction) await effect.inTransaction(this.trx, order, lines, move);
      if (effect.afterCommit) this.afterCommit.add(effect.afterCommit);
    }
  }
}

/**
 * Runs `work` in a new transaction; once it committed, the effects its order moves keep for after the
 * commit. (If it rolls back, they never run.)
 */
export async function inOrderTransaction<T>(db: Executor, cache: CachedAnswers, work: (moves: OrderMoves) => Promise<T>): Promise<T> {
  const { result, moves } = await db.transaction().execute(async (trx) => {
    const moves = new OrderMoves(trx);
    return { result: await work(moves), moves };
  });
  for (const effect of moves.afterCommit) effect(cache);
  return result;
}

/**
 * The e-mail a customer gets when their order reaches each status. An order is shipped, in part or whole,
 * only by a shipment, whose e-mail tells that parcel with its tracking (one per parcel, never a second one
 * for the status it moved the order to).
 */
type StatusMailKind = Exclude<OrderMailKind, 'order-shipped'>;
const STATUS_MAIL: Record<OrderStatus, StatusMailKind | null> = {
  'awaiting approval': null,
  'not paid': 'order-placed',
  pending: 'order-paid',
  'partially shipped': null,
  shipped: null,
  cancelled: 'order-cancelled',
  expired: 'order-expired',
};

/**
 * The customer's e-mail for a move: its status's, except that a company's decision on an order waiting for
 * approval has its own (approved: go and pay; declined: why).
 */
function mailKindOf({ from, to }: Move): StatusMailKind | 'order-approved' | null {
  if (from === AWAITING_APPROVAL_STATUS && to === PLACED_STATUS) return 'order-approved';
  return STATUS_MAIL[to];
}

/** Tells the customer where their order now stands (through the outbox, in the move's transaction). */
async function mailOrderStatus(trx: Executor, order: OrderRow, lines: readonly OrderLineRow[], move: Move): Promise<void> {
  const data = orderMailFacts(order, lines);
  // Declined by its company: the cancel carries the reason the admin gave.
  if (move.from === AWAITING_APPROVAL_STATUS && move.by.actor === 'approver' && order.decline_reason !== null) {
    await enqueueMail(trx, { kind: 'order-declined', to: order.email, data: { ...data, reason: order.decline_reason } });
    return;
  }
  const kind = mailKindOf(move);
  if (kind) await enqueueMail(trx, { kind, to: order.email, data });
}

/** Each admin of the order's company but its buyer gets the order to approve or decline (in the placing's transaction). */
async function askCompanyAdmins(trx: Executor, order: OrderRow, lines: readonly OrderLineRow[]): Promise<void> {
  if (order.company_id === null) throw new Error(`order ${order.id} awaits approval without a company`);
  const membership = await membershipOf(trx, order.user_id);
  const data = orderMailFacts(order, lines);
  for (const adminId of await companyAdminIds(trx, order.company_id)) {
    if (adminId === order.user_id) continue;
    const admin = await findActiveUserById(trx, adminId);
    if (!admin) continue;
    await enqueueMail(trx, {
      kind: 'order-awaiting-approval',
      to: admin.email,
      data: {
        ...data,
        adminName: admin.name,
        buyerName: order.customer_name,
        buyerEmail: order.email,
        companyName: membership?.companyName ?? '',
        spendingLimit: centsToDollars(membership?.spendingLimitCents ?? 0),
      },
    });
  }
}

/** What an order's e-mails tell of it: the buyer, the goods, the charges, where it goes; the invoice once paid. */
export function orderMailFacts(order: OrderRow, lines: readonly OrderLineRow[]): OrderFacts {
  const invoice = order.status === PAID_STATUS ? invoiceFacts(order, lines) : undefined;
  return {
    orderId: String(order.id),
    customerName: order.customer_name,
    product: order.line_count > 1 ? messages.ui.orderHeadline(order.product_name, order.line_count - 1) : order.product_name,
    quantity: order.quantity,
    unitPrice: centsToDollars(order.unit_price_cents),
    total: centsToDollars(totalCentsOf(order)),
    charges: chargesOf(order, lines),
    address: order.address,
    transactionId: order.transaction_id,
    ...(lines.length > 1 ? { lines: lines.map(toLineDto) } : {}),
    ...(invoice ? { invoice } : {}),
  };
}
