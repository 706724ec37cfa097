/**
 * The orders domain: orders and their status history. Moving an order between statuses with its
 * effects (stock, who may) is the order process's job (flows/order-process.ts), which calls
 * `changeStatus` here as its last step.
 */
import type { Order, OrderEvent } from '../../shared/api.js';
import { centsToDollars, orderTotalCents } from '../../shared/money.js';
import { isPaid, isPayable, type OrderActor, type OrderStatus, PAID_STATUS, PLACED_STATUS } from '../../shared/order-status.js';
import { type Executor, type NewOrder, now, type OrderRow, timestamps } from '../db/schema.js';
import { type Viewer, isOwnerOrAdmin } from '../http/access.js';
import { forbidden, notFound } from '../http/errors.js';

/** The order on the wire; `holdMs` (UNPAID_ORDER_TTL) says until when an unpaid order holds its parts. */
export function toOrderDto(row: OrderRow, holdMs: number): Order {
  return {
    _id: String(row.id),
    name: row.customer_name,
    email: row.email,
    quantity: row.quantity,
    contact: row.phone,
    address: row.address,
    productId: String(row.product_id),
    product: row.product_name,
    sku: row.product_sku,
    price: centsToDollars(row.unit_price_cents),
    total: centsToDollars(totalCentsOf(row)),
    status: row.status,
    paid: isPaid(row.status),
    transactionId: row.transaction_id,
    heldUntil: isPayable(row.status) ? new Date(Date.parse(row.created_at) + holdMs).toISOString() : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function totalCentsOf(order: OrderRow): number {
  return orderTotalCents(order.unit_price_cents, order.quantity);
}

/** Who changed an order: a customer or admin (as they were named then), the payment provider, or the shop. */
export interface ChangedBy {
  actor: OrderActor;
  user: Pick<Viewer, 'id' | 'name' | 'email'> | null;
}

/** A new order, in its first status ('not paid'), with the first line of its history. */
export async function createOrder(
  db: Executor,
  order: Omit<NewOrder, 'status' | 'transaction_id' | 'created_at' | 'updated_at' | 'idempotency_key'> & { idempotency_key?: string | null },
  by: ChangedBy,
): Promise<OrderRow> {
  const placed = await db
    .insertInto('orders')
    .values({ ...order, status: PLACED_STATUS, transaction_id: null, ...timestamps() })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordOrderEvent(db, placed.id, null, PLACED_STATUS, by);
  return placed;
}

export async function findOrder(db: Executor, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getOrder(db: Executor, id: number): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order) throw notFound('Order');
  return order;
}

/** The order, if the viewer placed it or is an admin. */
export async function getOrderFor(db: Executor, viewer: Viewer, id: number): Promise<OrderRow> {
  const order = await getOrder(db, id);
  if (!isOwnerOrAdmin(viewer, order.user_id)) throw forbidden();
  return order;
}

/** The order, if the viewer placed it (paying is the owner's alone). */
export async function getOwnOrder(db: Executor, viewer: Viewer, id: number): Promise<OrderRow> {
  const order = await getOrder(db, id);
  if (order.user_id !== viewer.id) throw forbidden();
  return order;
}

export async function listAllOrders(db: Executor): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().orderBy('id', 'desc').execute();
}

export async function listOrdersOfUser(db: Executor, userId: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** Orders still in their first status (unpaid) that were placed before `cutoff`, oldest first. */
export async function listUnpaidPlacedBefore(db: Executor, cutoff: string, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', PLACED_STATUS)
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The order this account placed with this idempotency key, if any. */
export async function findOrderByIdempotencyKey(db: Executor, userId: number, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

/** Orders of a product by where they stand: unpaid (holding stock) and paid but not shipped yet. */
export async function openOrdersOfProduct(db: Executor, productId: number): Promise<{ unpaid: OrderRow[]; toShip: number }> {
  const rows = await db.selectFrom('orders').selectAll().where('product_id', '=', productId).where('status', 'in', [PLACED_STATUS, PAID_STATUS]).execute();
  return { unpaid: rows.filter((row) => row.status === PLACED_STATUS), toShip: rows.filter((row) => row.status === PAID_STATUS).length };
}

export async function countUnpaidOrdersOf(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', PLACED_STATUS)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function hasOrdersForProduct(db: Executor, productId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('orders').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst());
}

/**
 * Writes a status change and its history event. The update is conditional on the status the order
 * was read with, so of two racing changes one wins; the loser gets undefined.
 */
export async function changeStatus(
  db: Executor,
  order: OrderRow,
  to: OrderStatus,
  by: ChangedBy,
  changes: { transaction_id?: string } = {},
): Promise<OrderRow | undefined> {
  const updated = await db
    .updateTable('orders')
    .set({ status: to, updated_at: now(), ...changes })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .returningAll()
    .executeTakeFirst();
  if (updated) await recordOrderEvent(db, order.id, order.status, to, by);
  return updated;
}

async function recordOrderEvent(db: Executor, orderId: number, from: OrderStatus | null, to: OrderStatus, by: ChangedBy) {
  await db
    .insertInto('order_events')
    .values({
      order_id: orderId,
      from_status: from,
      to_status: to,
      actor: by.actor,
      actor_user_id: by.user?.id ?? null,
      actor_name: by.user?.name ?? null,
      actor_email: by.user?.email ?? null,
      ...timestamps(),
    })
    .execute();
}

export async function getOrderHistory(db: Executor, orderId: number): Promise<OrderEvent[]> {
  await getOrder(db, orderId);
  const events = await db
    .selectFrom('order_events')
    .select(['from_status', 'to_status', 'actor', 'actor_name', 'actor_email', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'asc')
    .execute();
  return events.map((event) => ({
    from: event.from_status,
    to: event.to_status,
    actor: event.actor,
    by: event.actor_email ? { name: event.actor_name ?? '', email: event.actor_email } : null,
    at: event.created_at,
  }));
}
