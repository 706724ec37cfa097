/** Placing, cancelling and delivering orders: the orders domain with the catalog's stock. */
import { errorMessages, messages } from '../../shared/messages.js';
import { type OrderInput, quantityError } from '../../shared/schemas.js';
import { currentStock, getVisibleProduct, reserveStock } from '../catalog/service.js';
import { type Executor, inTransaction, type OrderRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { badRequest, conflict } from '../http/errors.js';
import { countUnpaidOrdersOf, createOrder, findOrderByIdempotencyKey, getOrder } from '../orders/service.js';
import { holdAccount } from '../users/service.js';
import { assertMayEverMoveTo, mailOrderStatus, transitionOrder } from './order-process.js';

const outOfStock = (stock: number) => {
  const message = messages.validation.quantityTooHigh(stock);
  return conflict('out_of_stock', message, { quantity: message });
};

/**
 * Places an order and reserves its stock in one transaction, and mails the customer. The reservation
 * itself refuses to take more than there is, so what was read here may be stale without harm. An account
 * holds at most `maxUnpaidOrders` unpaid orders (each holds stock): the account's row is held while
 * counting, so parallel requests cannot slip past the limit together.
 */
export async function placeOrder(
  db: Executor,
  viewer: Viewer,
  input: OrderInput,
  { maxUnpaidOrders, idempotencyKey }: { maxUnpaidOrders: number; idempotencyKey?: string },
): Promise<{ order: OrderRow; replayed: boolean }> {
  return inTransaction(db, async (trx) => {
    await holdAccount(trx, viewer.id);
    // A retry of an attempt that already placed its order (the answer was lost on the way) gets that order.
    const earlier = idempotencyKey ? await findOrderByIdempotencyKey(trx, viewer.id, idempotencyKey) : undefined;
    if (earlier) return { order: earlier, replayed: true };
    const product = await getVisibleProduct(trx, input.productId);
    const problem = quantityError(input.quantity, { min: product.min_quantity, stock: product.stock, unitPriceCents: product.price_cents });
    if (problem?.code === 'quantity_too_high') throw outOfStock(product.stock);
    if (problem) throw badRequest(problem.message, { quantity: problem.message });
    if ((await countUnpaidOrdersOf(trx, viewer.id)) >= maxUnpaidOrders) {
      throw conflict('too_many_unpaid_orders', errorMessages.tooManyUnpaidOrders(maxUnpaidOrders));
    }
    if (!(await reserveStock(trx, product.id, input.quantity))) throw outOfStock(await currentStock(trx, product.id));
    const order = await createOrder(
      trx,
      {
        user_id: viewer.id,
        product_id: product.id,
        customer_name: viewer.name,
        email: viewer.email,
        product_name: product.name,
        product_sku: product.sku,
        unit_price_cents: product.price_cents,
        quantity: input.quantity,
        phone: input.phone,
        address: input.address,
        idempotency_key: idempotencyKey ?? null,
      },
      { actor: 'customer', user: viewer },
    );
    await mailOrderStatus(trx, order);
    return { order, replayed: false };
  });
}

/** The customer (while unpaid) or an admin cancels an order; its units go back to stock. */
export async function cancelOrder(db: Executor, viewer: Viewer, id: number): Promise<OrderRow> {
  return inTransaction(db, async (trx) => transitionOrder(trx, await getOrder(trx, id), 'cancelled', { viewer }));
}

/** An admin ships a paid order. */
export async function deliverOrder(db: Executor, viewer: Viewer, id: number): Promise<OrderRow> {
  assertMayEverMoveTo(viewer, 'shipped');
  return inTransaction(db, async (trx) => transitionOrder(trx, await getOrder(trx, id), 'shipped', { viewer }));
}
