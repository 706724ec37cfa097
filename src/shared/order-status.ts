/** The one table of order statuses and who may move an order between them. */
export const ORDER_STATUSES = ['not paid', 'pending', 'shipped', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTORS = ['customer', 'admin', 'payment', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>> = {
  'not paid': {
    pending: ['payment'],
    cancelled: ['customer', 'admin'],
    expired: ['system'],
  },
  pending: { shipped: ['admin'] },
  shipped: {},
  cancelled: {},
  expired: {},
};

export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** Whether this actor may ever move an order into `to`, from any status. */
export function canEverMoveTo(to: OrderStatus, actor: OrderActor): boolean {
  return ORDER_STATUSES.some((from) => canTransition(from, to, actor));
}

/** Paid means the payment provider confirmed it: the order moved past 'not paid' through a payment. */
export function isPaid(status: OrderStatus): boolean {
  return status === 'pending' || status === 'shipped';
}

/** Statuses that still hold reserved stock or sold units. */
export function holdsStock(status: OrderStatus): boolean {
  return status === 'not paid' || isPaid(status);
}

/** A move that lets go of the order's units gives them back to the catalog's stock. */
export function releasesStock(from: OrderStatus, to: OrderStatus): boolean {
  return holdsStock(from) && !holdsStock(to);
}
