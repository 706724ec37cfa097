/**
 * The order process: the one place an order changes status. For a transition it checks who may make
 * it (role and ownership, here and not only in the route), writes the change with its history event,
 * and carries out its effects: units given up go back to the catalog's stock. Cancel, expire, pay and
 * deliver are each one call of `transitionOrder`.
 */
import { errorMessages, messages } from '../../shared/messages.js';
import { centsToDollars } from '../../shared/money.js';
import { canEverMoveTo, canTransition, type OrderActor, type OrderStatus, PAID_STATUS, releasesStock } from '../../shared/order-status.js';
import { releaseStock } from '../catalog/service.js';
import type { Executor, OrderLineRow, OrderRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { conflict, forbidden } from '../http/errors.js';
import { enqueueMail } from '../mail/service.js';
import type { OrderMailKind } from '../mail/templates.js';
import { type ChangedBy, changeStatus, invoiceFacts, linesOf, type StatusChanges, toLineDto, totalCentsOf } from '../orders/service.js';

/** Who asks for a change: a signed-in account, the payment provider, or the shop itself. */
export type Requester = { viewer: Viewer } | { actor: 'payment' | 'system' };

const illegal = (order: OrderRow, to: OrderStatus) =>
  conflict('illegal_transition', errorMessages.illegalTransition(order.status, to));

/** The roles a viewer holds towards an order: its customer, an admin, or both. */
function rolesOf(viewer: Viewer, order: OrderRow): OrderActor[] {
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
  const roles = rolesOf(viewer, order);
  if (roles.length === 0) throw forbidden();
  const actor = roles.find((role) => canTransition(order.status, to, role));
  if (actor) return { actor, user: viewer };
  throw roles.some((role) => canEverMoveTo(to, role)) ? illegal(order, to) : forbidden();
}

export async function transitionOrder(
  trx: Executor,
  order: OrderRow,
  to: OrderStatus,
  requester: Requester,
  changes: StatusChanges = {},
): Promise<OrderRow> {
  const by = actingAs(requester, order, to);
  const updated = await changeStatus(trx, order, to, by, changes);
  if (!updated) throw illegal(order, to);
  const lines = await linesOf(trx, order.id);
  if (releasesStock(order.status, to)) {
    for (const line of [...lines].sort((a, b) => a.product_id - b.product_id)) await releaseStock(trx, line.product_id, line.quantity);
  }
  await mailOrderStatus(trx, updated, lines);
  return updated;
}

/** The e-mail a customer gets when their order reaches each status. */
const STATUS_MAIL: Record<OrderStatus, OrderMailKind> = {
  'not paid': 'order-placed',
  pending: 'order-paid',
  shipped: 'order-shipped',
  cancelled: 'order-cancelled',
  expired: 'order-expired',
};

/** Tells the customer where their order now stands (through the outbox, in the caller's transaction). */
export async function mailOrderStatus(trx: Executor, order: OrderRow, lines?: readonly OrderLineRow[]): Promise<void> {
  const orderLines = lines ?? (await linesOf(trx, order.id));
  const invoice = order.status === PAID_STATUS ? invoiceFacts(order, orderLines) : undefined;
  await enqueueMail(trx, {
    kind: STATUS_MAIL[order.status],
    to: order.email,
    data: {
      orderId: String(order.id),
      customerName: order.customer_name,
      product: order.line_count > 1 ? messages.ui.orderHeadline(order.product_name, order.line_count - 1) : order.product_name,
      quantity: order.quantity,
      unitPrice: centsToDollars(order.unit_price_cents),
      total: centsToDollars(totalCentsOf(order)),
      address: order.address,
      transactionId: order.transaction_id,
      ...(orderLines.length > 1 ? { lines: orderLines.map(toLineDto) } : {}),
      ...(invoice ? { invoice } : {}),
    },
  });
}
