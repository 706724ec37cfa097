/** The one table of order statuses and who may move an order between them. */
export const ORDER_STATUSES = ['not paid', 'pending', 'shipped', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderActor = 'customer' | 'admin' | 'payment' | 'system';

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

/** Paid means the payment provider confirmed it: the order moved past 'not paid' through a payment. */
export function isPaid(status: OrderStatus): boolean {
  return status === 'pending' || status === 'shipped';
}

/** Statuses that still hold reserved stock or sold units. */
export function holdsStock(status: OrderStatus): boolean {
  return status === 'not paid' || isPaid(status);
}
