/**
 * Shipments, rows of the orders domain: a parcel of some units of some of an order's lines, with its
 * carrier and tracking, numbered from its own gapless sequence (SHP-000001). Moving the order's status
 * and telling the buyer is the ship-order flow's job (flows/ship-order.ts), which calls `recordShipment`
 * in its transaction.
 */
import type { Shipment } from '../../shared/api.js';
import { shipmentMessages } from '../../shared/messages.js';
import { type Executor, now, type OrderLineRow, type OrderRow, isPostgres, type ShipmentLineRow, type ShipmentRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { toShipmentDto } from './after-sale.js';

/** A parcel to record: how many units of which of the order's parts, with whom, and how to follow it. */
export interface NewShipment {
  lines: readonly { productId: number; quantity: number }[];
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /** The admin who shipped it (null: the shop's past, before parcels were recorded). */
  shippedBy: number | null;
  /** When it left: now, unless it is a parcel of the past. */
  shippedAt?: string;
}

/** A recorded parcel, and its order's lines as they stand after it (their shipped units counted). */
export interface RecordedShipment {
  shipment: Shipment;
  row: ShipmentRow;
  orderLines: OrderLineRow[];
}

const partOf = (line: Pick<OrderLineRow, 'product_sku' | 'product_name'>) => `${line.product_sku} ${line.product_name}`;

/**
 * The order, read with its row locked until the caller's transaction ends (PostgreSQL; an SQLite transaction
 * holds the write lock from its start): two shipments of one order take turns, each seeing the other's status.
 */
export async function lockOrder(db: Executor, orderId: number): Promise<OrderRow> {
  const query = db.selectFrom('orders').selectAll().where('id', '=', orderId);
  const order = await (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
  if (!order) throw notFound('Order');
  return order;
}

/**
 * Counts the parcel's units as shipped and writes it with its number. Each line's units are added only
 * while they stay within what was ordered (one conditional update, so parallel shipments can never ship
 * more than that together); a line that would go over is refused, 409 `over_shipment`, naming the part
 * and what is left of it, and the caller's transaction undoes the rest (and gives the number back).
 */
export async function recordShipment(db: Executor, order: OrderRow, parcel: NewShipment): Promise<RecordedShipment> {
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  const byProduct = new Map(lines.map((line) => [line.product_id, line]));
  const shipped = parcel.lines.map(({ productId, quantity }, index) => {
    const line = byProduct.get(productId);
    if (!line) throw badRequest(shipmentMessages.notOnOrder(productId), { [`lines.${index}.productId`]: shipmentMessages.notOnOrder(productId) });
    return { line, quantity, index };
  });
  // In the order's line order, so that two transactions shipping the same lines lock them in one order (no deadlock).
  shipped.sort((a, b) => a.line.id - b.line.id);
  for (const { line, quantity, index } of shipped) {
    const counted = await db
      .updateTable('order_lines')
      .set((eb) => ({ shipped_quantity: eb('shipped_quantity', '+', quantity) }))
      .where('id', '=', line.id)
      .where((eb) => eb(eb('shipped_quantity', '+', quantity), '<=', eb.ref('quantity')))
      .returning('id')
      .executeTakeFirst();
    if (counted) continue;
    const current = await db.selectFrom('order_lines').select(['quantity', 'shipped_quantity']).where('id', '=', line.id).executeTakeFirstOrThrow();
    const message = shipmentMessages.overShipment(partOf(line), current.quantity - current.shipped_quantity);
    throw conflict('over_shipment', message, { [`lines.${index}.quantity`]: message });
  }
  const row = await db
    .insertInto('shipments')
    .values({
      order_id: order.id,
      number: await nextShipmentNumber(db),
      carrier: parcel.carrier,
      tracking_number: parcel.trackingNumber,
      tracking_url: parcel.trackingUrl,
      shipped_at: parcel.shippedAt ?? now(),
      shipped_by: parcel.shippedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const shipmentLines: ShipmentLineRow[] = shipped.map(({ line, quantity }) => ({ shipment_id: row.id, order_line_id: line.id, product_id: line.product_id, quantity }));
  await db.insertInto('shipment_lines').values(shipmentLines).execute();
  const orderLines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  return { shipment: toShipmentDto(row, shipmentLines), row, orderLines };
}

/**
 * The next shipment number. The sequence's one row stays locked until the caller's transaction ends, so
 * numbers are given one at a time, in order, and a transaction that rolls back gives its number back.
 */
async function nextShipmentNumber(db: Executor): Promise<number> {
  const row = await db
    .updateTable('shipment_sequence')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('id', '=', 1)
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}

/** A shipment with its order, and each of its lines' part and units (no prices): what a packing slip prints. */
export interface ShipmentWithOrder {
  shipment: ShipmentRow;
  order: OrderRow;
  lines: { sku: string; product: string; quantity: number }[];
}

/** A shipment with its order and lines, for its packing slip; 404 when there is none. */
export async function packingSlipOf(db: Executor, shipmentId: number): Promise<ShipmentWithOrder> {
  const shipment = await db.selectFrom('shipments').selectAll().where('id', '=', shipmentId).executeTakeFirst();
  if (!shipment) throw notFound('Shipment');
  const order = await db.selectFrom('orders').selectAll().where('id', '=', shipment.order_id).executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('shipment_lines')
    .innerJoin('order_lines', 'order_lines.id', 'shipment_lines.order_line_id')
    .select(['order_lines.product_sku as sku', 'order_lines.product_name as product', 'shipment_lines.quantity'])
    .where('shipment_lines.shipment_id', '=', shipmentId)
    .orderBy('order_lines.id')
    .execute();
  return { shipment, order, lines };
}

/** When each shipped line of the order last left: the latest shipment carrying it (a return's window runs from then). */
export async function lastShippedOfLines(db: Executor, orderId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('shipment_lines')
    .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
    .select((eb) => ['shipment_lines.order_line_id', eb.fn.max('shipments.shipped_at').as('shipped_at')])
    .where('shipments.order_id', '=', orderId)
    .groupBy('shipment_lines.order_line_id')
    .execute();
  return new Map(rows.map((row) => [row.order_line_id, row.shipped_at]));
}
