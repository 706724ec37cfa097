import { type Kysely, sql } from 'kysely';
import type { Order } from '../../shared/api.js';
import { errorMessages, messages } from '../../shared/messages.js';
import { centsToDollars, orderTotalCents } from '../../shared/money.js';
import { canTransition, isPaid, type OrderActor, type OrderStatus } from '../../shared/order-status.js';
import { type OrderInput, quantityError } from '../../shared/schemas.js';
import type { Viewer } from '../auth/sessions.js';
import { getVisibleProduct } from '../catalog/service.js';
import type { Db } from '../db/connection.js';
import { type Database, now, type OrderRow, timestamps } from '../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';

export function toOrderDto(row: OrderRow): Order {
  return {
    _id: String(row.id),
    name: row.customer_name,
    email: row.email,
    quantity: row.quantity,
    contact: row.phone,
    address: row.address,
    productId: String(row.product_id),
    product: row.product_name,
    price: centsToDollars(row.unit_price_cents),
    total: centsToDollars(orderTotalCents(row.unit_price_cents, row.quantity)),
    status: row.status,
    paid: isPaid(row.status),
    transactionId: row.transaction_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const outOfStock = (stock: number) => {
  const message = messages.validation.quantityTooHigh(stock);
  return conflict('out_of_stock', message, { quantity: message });
};

/**
 * Places an order and reserves its stock in one transaction. The stock decrement is conditional
 * (`stock >= quantity`), so concurrent orders can never take more than there is, on either database.
 */
export async function placeOrder(db: Db, viewer: Viewer, input: OrderInput): Promise<OrderRow> {
  return db.kysely.transaction().execute(async (trx) => {
    const product = await getVisibleProduct(trx, input.productId);
    const bounds = { min: product.min_quantity, stock: product.stock };
    const error = quantityError(input.quantity, bounds);
    if (error && input.quantity < bounds.min) throw badRequest(error, { quantity: error });
    if (error) throw outOfStock(product.stock);

    const customer = await trx
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', viewer.id)
      .executeTakeFirstOrThrow();

    // From here to the commit the product's row is locked (PostgreSQL): keep that stretch short.
    const reserved = await trx
      .updateTable('products')
      .set({ stock: sql<number>`stock - ${input.quantity}`, updated_at: now() })
      .where('id', '=', product.id)
      .where('stock', '>=', input.quantity)
      .where('hidden_at', 'is', null)
      .executeTakeFirst();
    if (reserved.numUpdatedRows === 0n) {
      const current = await trx.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirst();
      throw outOfStock(current?.stock ?? 0);
    }

    const placed = await trx
      .insertInto('orders')
      .values({
        user_id: viewer.id,
        product_id: product.id,
        customer_name: customer.name,
        email: customer.email,
        product_name: product.name,
        unit_price_cents: product.price_cents,
        quantity: input.quantity,
        phone: input.phone,
        address: input.address,
        status: 'not paid',
        transaction_id: null,
        ...timestamps(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordOrderEvent(trx, placed.id, null, 'not paid', { actor: 'customer', userId: viewer.id });
    return placed;
  });
}

export async function getOrder(db: Db, id: number): Promise<OrderRow> {
  const order = await db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order) throw notFound('Order');
  return order;
}

/** The order, if the viewer placed it or is an admin. */
export async function getOrderFor(db: Db, viewer: Viewer, id: number): Promise<OrderRow> {
  const order = await getOrder(db, id);
  if (viewer.role !== 'admin' && order.user_id !== viewer.id) throw forbidden();
  return order;
}

export async function listAllOrders(db: Db): Promise<OrderRow[]> {
  return db.kysely.selectFrom('orders').selectAll().orderBy('id', 'desc').execute();
}

export async function listOrdersOfUser(db: Db, userId: number): Promise<OrderRow[]> {
  return db.kysely.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/**
 * Moves an order from its current status to `to`, if the shared transition table allows it for this
 * actor. The update is conditional on the status it was read with, so of two racing changes one wins
 * and the other gets a 409.
 */
export async function transitionOrder(
  trx: Kysely<Database>,
  order: OrderRow,
  to: OrderStatus,
  by: ChangedBy,
  changes: { transaction_id?: string } = {},
): Promise<OrderRow> {
  const illegal = () => conflict('illegal_transition', errorMessages.illegalTransition(order.status, to));
  if (!canTransition(order.status, to, by.actor)) throw illegal();
  const updated = await trx
    .updateTable('orders')
    .set({ status: to, updated_at: now(), ...changes })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw illegal();
  await recordOrderEvent(trx, order.id, order.status, to, by);
  return updated;
}

/** Who changed an order: a customer or admin (with their account), the payment provider, or the shop itself. */
export interface ChangedBy {
  actor: OrderActor;
  userId: number | null;
}

async function recordOrderEvent(trx: Kysely<Database>, orderId: number, from: OrderStatus | null, to: OrderStatus, by: ChangedBy) {
  await trx
    .insertInto('order_events')
    .values({ order_id: orderId, from_status: from, to_status: to, actor: by.actor, actor_user_id: by.userId, ...timestamps() })
    .execute();
}

/** Stock an order holds goes back to its product (cancelled or expired while unpaid). */
export async function returnStock(trx: Kysely<Database>, order: OrderRow) {
  await trx
    .updateTable('products')
    .set({ stock: sql<number>`stock + ${order.quantity}`, updated_at: now() })
    .where('id', '=', order.product_id)
    .execute();
}

export async function getOrderHistory(db: Db, orderId: number) {
  await getOrder(db, orderId);
  return db.kysely
    .selectFrom('order_events')
    .leftJoin('users', 'users.id', 'order_events.actor_user_id')
    .select([
      'order_events.from_status',
      'order_events.to_status',
      'order_events.actor',
      'order_events.created_at',
      'users.name as actor_name',
      'users.email as actor_email',
    ])
    .where('order_events.order_id', '=', orderId)
    .orderBy('order_events.id', 'asc')
    .execute();
}

export async function cancelOrder(db: Db, viewer: Viewer, id: number): Promise<OrderRow> {
  const order = await getOrderFor(db, viewer, id);
  const actor: OrderActor = order.user_id === viewer.id ? 'customer' : 'admin';
  return db.kysely.transaction().execute(async (trx) => {
    const cancelled = await transitionOrder(trx, order, 'cancelled', { actor, userId: viewer.id });
    await returnStock(trx, order);
    return cancelled;
  });
}

export async function deliverOrder(db: Db, admin: Viewer, id: number): Promise<OrderRow> {
  const order = await getOrder(db, id);
  return db.kysely.transaction().execute((trx) => transitionOrder(trx, order, 'shipped', { actor: 'admin', userId: admin.id }));
}
