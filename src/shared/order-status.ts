/**
 * The one table of order statuses: what each means and who may move an order from it to which other.
 * A new status is a new row here; the compiler then points at every place that must handle it.
 */
export const ORDER_STATUSES = ['awaiting approval', 'not paid', 'pending', 'partially shipped', 'shipped', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** `approver`: an admin of the order's company (never its own buyer) deciding on an order over the buyer's limit. */
export const ORDER_ACTORS = ['customer', 'admin', 'payment', 'system', 'approver'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

interface StatusRule {
  /** The payment provider confirmed the payment. */
  paid: boolean;
  /** The order's units are reserved for it or sold to it (not back in stock). */
  holdsStock: boolean;
  /** Where it may go next, and who may move it there. */
  next: Partial<Record<OrderStatus, readonly OrderActor[]>>;
}

const RULES: Record<OrderStatus, StatusRule> = {
  // Over its buyer's spending limit: its stock reserved, waiting for an admin of its company. Approved, it
  // goes on to payment as any order; declined (with a reason the buyer sees), it is cancelled.
  'awaiting approval': {
    paid: false,
    holdsStock: true,
    next: { 'not paid': ['approver'], cancelled: ['approver', 'customer', 'admin'], expired: ['system'] },
  },
  'not paid': {
    paid: false,
    holdsStock: true,
    next: { pending: ['payment'], cancelled: ['customer', 'admin'], expired: ['system'] },
  },
  // Paid, waiting to ship (see PAID_STATUS). An admin may cancel it, its whole charge refunded (flows/refunds.ts).
  pending: { paid: true, holdsStock: true, next: { 'partially shipped': ['admin'], shipped: ['admin'], cancelled: ['admin'] } },
  // Some units shipped, some still to ship.
  'partially shipped': { paid: true, holdsStock: true, next: { shipped: ['admin'] } },
  shipped: { paid: true, holdsStock: true, next: {} },
  cancelled: { paid: false, holdsStock: false, next: {} },
  expired: { paid: false, holdsStock: false, next: {} },
};

/**
 * Each status as people say it: what the shop's screens show for an order (badges, filters, history, an
 * order's page). The stored values and the original storefront's words where its contract fixes them
 * (docs/legacy-contract.md#statuses: My Orders' 'paid', 'cancelled (expired)') stay as they are.
 */
export const STATUS_IN_WORDS: Record<OrderStatus, string> = {
  'awaiting approval': 'Awaiting approval',
  'not paid': 'Awaiting payment',
  pending: 'Paid – preparing shipment',
  'partially shipped': 'Partially shipped',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  expired: 'Cancelled – not paid in time',
};

/** Where a new order starts. */
export const PLACED_STATUS: OrderStatus = 'not paid';
/** Where a company member's order over their spending limit starts. */
export const AWAITING_APPROVAL_STATUS: OrderStatus = 'awaiting approval';
/**
 * Where a confirmed payment takes an order: 'pending' means paid, waiting to ship. The original
 * storefront's contract (docs/legacy-contract.md) fixes that value: it is stored, sent by the API and
 * shown to customers and admins as it is, so the code names it PAID_STATUS rather than rename it.
 */
export const PAID_STATUS: OrderStatus = 'pending';

export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return RULES[from].next[to]?.includes(actor) ?? false;
}

/** Whether this actor may ever move an order into `to`, from any status. */
export function canEverMoveTo(to: OrderStatus, actor: OrderActor): boolean {
  return ORDER_STATUSES.some((from) => canTransition(from, to, actor));
}

/** Paid means the payment provider confirmed it. */
export function isPaid(status: OrderStatus): boolean {
  return RULES[status].paid;
}

/** Waiting for its payment: a confirmed payment may still pay it. */
export function isPayable(status: OrderStatus): boolean {
  return canTransition(status, PAID_STATUS, 'payment');
}

/** Statuses that still hold reserved stock or sold units. */
export function holdsStock(status: OrderStatus): boolean {
  return RULES[status].holdsStock;
}

/** A move that lets go of the order's units gives them back to the catalog's stock. */
export function releasesStock(from: OrderStatus, to: OrderStatus): boolean {
  return holdsStock(from) && !holdsStock(to);
}

/** Paid with units still to ship: an admin may ship (some of) them. */
export function isShippable(status: OrderStatus): boolean {
  return canTransition(status, 'shipped', 'admin');
}

/**
 * Manage All Orders' status filter: one status, or `to ship`, every order an admin may ship (the staff
 * home's "orders to ship" opens the list with it, so the count and the list agree).
 */
export const TO_SHIP = 'to ship';
export const ORDER_STATUS_FILTERS = [TO_SHIP, ...ORDER_STATUSES] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** The statuses a filter keeps. */
export function statusesOf(filter: OrderStatusFilter): OrderStatus[] {
  return filter === TO_SHIP ? ORDER_STATUSES.filter(isShippable) : [filter];
}
