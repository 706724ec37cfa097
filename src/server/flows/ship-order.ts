/**
 * Shipping an order, whole or in parcels: the orders domain's shipments, the order process and the mail,
 * in one transaction. The order's row is held while its parcel is counted, so two shipments of one order
 * take turns; the units are counted by a conditional update, so no number of parallel shipments can ship
 * more than was ordered. The order moves to 'partially shipped' while units remain and to 'shipped' once
 * none do; the buyer gets one e-mail per parcel, with its tracking link.
 */
import type { Shipment } from '../../shared/api.js';
import { shipmentMessages } from '../../shared/messages.js';
import { isShippable } from '../../shared/order-status.js';
import { DELIVERY_WITHOUT_TRACKING, statusAfterShipment, trackingUrlFor, unitsLeftToShip } from '../../shared/shipments.js';
import type { ShipmentRequest } from '../../shared/schemas.js';
import type { Executor, OrderLineRow, OrderRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { conflict } from '../http/errors.js';
import { enqueueMail } from '../mail/service.js';
import { linesOf, lockOrder, type NewShipment, type RecordedShipment, recordShipment } from '../orders/service.js';
import { assertMayEverMoveTo, type CachedAnswers, inOrderTransaction, orderMailFacts } from './order-process.js';

const shippedUnits = (lines: readonly OrderLineRow[]) => lines.map((line) => ({ quantity: line.quantity, shipped: line.shipped_quantity }));

/**
 * Records a parcel of a paid order with units left to ship (else 409), moves the order on and mails the
 * buyer. `parcel` says which units, or takes every unit still to ship.
 */
async function ship(
  db: Executor,
  cache: CachedAnswers,
  viewer: Viewer,
  orderId: number,
  parcel: (lines: readonly OrderLineRow[]) => NewShipment,
): Promise<RecordedShipment & { order: OrderRow }> {
  // A customer could never ship: 403 before the order is read (which would tell whether it exists).
  assertMayEverMoveTo(viewer, 'shipped');
  return inOrderTransaction(db, cache, async (moves) => {
    const { trx } = moves;
    const order = await lockOrder(trx, orderId);
    if (!isShippable(order.status)) throw conflict('illegal_transition', shipmentMessages.notShippable(order.status));
    if (order.cancelling_at !== null) throw conflict('order_cancelling', shipmentMessages.beingCancelled);
    const recorded = await recordShipment(trx, order, parcel(await linesOf(trx, order.id)));
    const to = statusAfterShipment(shippedUnits(recorded.orderLines));
    // A further parcel of a partly shipped order that still leaves units to ship changes no status.
    const moved = to === order.status ? order : await moves.move(order, to, { viewer });
    await mailParcel(trx, moved, recorded);
    return { ...recorded, order: moved };
  });
}

/** The buyer's e-mail of this parcel: what is in it, its carrier and tracking link, what is still to come. */
async function mailParcel(trx: Executor, order: OrderRow, { shipment, orderLines }: RecordedShipment): Promise<void> {
  const lineOf = new Map(orderLines.map((line) => [String(line.product_id), line]));
  await enqueueMail(trx, {
    kind: 'order-shipped',
    to: order.email,
    data: {
      ...orderMailFacts(order, orderLines),
      shipment: {
        number: shipment.number,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl,
        lines: shipment.lines.map(({ productId, quantity }) => ({ sku: lineOf.get(productId)!.product_sku, product: lineOf.get(productId)!.product_name, quantity })),
        leftToShip: unitsLeftToShip(shippedUnits(orderLines)),
      },
    },
  });
}

/** An admin ships some units of a paid order (POST /api/orders/:id/shipments): the parcel as recorded. */
export async function shipUnits(db: Executor, cache: CachedAnswers, viewer: Viewer, orderId: number, request: ShipmentRequest): Promise<Shipment> {
  const { shipment } = await ship(db, cache, viewer, orderId, () => ({
    lines: request.lines,
    carrier: request.carrier,
    trackingNumber: request.trackingNumber,
    trackingUrl: trackingUrlFor(request.carrier, request.trackingNumber, request.trackingUrl),
    shippedBy: viewer.id,
  }));
  return shipment;
}

/** SPEC's Deliver: an admin ships every unit still to ship in one parcel, without tracking. Answers the order, shipped. */
export async function deliverOrder(db: Executor, cache: CachedAnswers, viewer: Viewer, orderId: number): Promise<OrderRow> {
  const { order } = await ship(db, cache, viewer, orderId, (lines) => ({
    lines: lines.filter((line) => line.shipped_quantity < line.quantity).map((line) => ({ productId: line.product_id, quantity: line.quantity - line.shipped_quantity })),
    ...DELIVERY_WITHOUT_TRACKING,
    trackingUrl: null,
    shippedBy: viewer.id,
  }));
  return order;
}
