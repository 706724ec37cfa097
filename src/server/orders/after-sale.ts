/**
 * What happened to orders after they were placed and paid: their shipments and their refunds, both rows of
 * the orders domain, as the order's answer lists them.
 */
import type { Refund, Shipment } from '../../shared/api.js';
import { formatCreditNoteNumber, formatShipmentNumber } from '../../shared/format.js';
import { centsToDollars } from '../../shared/money.js';
import type { Executor, ShipmentLineRow, ShipmentRow } from '../db/schema.js';

export interface AfterSale {
  shipments: Shipment[];
  refunds: Refund[];
}

/** An order nothing has happened to yet: just placed. */
export const NOTHING_AFTER_SALE: AfterSale = { shipments: [], refunds: [] };

/** Each order's shipments and refunds, oldest first (three queries for all of them). */
export async function afterSaleOf(db: Executor, orderIds: readonly number[]): Promise<Map<number, AfterSale>> {
  const byOrder = new Map<number, AfterSale>();
  if (orderIds.length === 0) return byOrder;
  const of = (orderId: number) => {
    let found = byOrder.get(orderId);
    if (!found) byOrder.set(orderId, (found = { shipments: [], refunds: [] }));
    return found;
  };
  for (let start = 0; start < orderIds.length; start += ORDERS_PER_QUERY) {
    const batch = orderIds.slice(start, start + ORDERS_PER_QUERY);
    const shipments = await db.selectFrom('shipments').selectAll().where('order_id', 'in', batch).orderBy('id').execute();
    const shipmentLines = shipments.length
      ? await db
          .selectFrom('shipment_lines')
          .select(['shipment_id', 'product_id', 'quantity'])
          .where('shipment_id', 'in', shipments.map((shipment) => shipment.id))
          .orderBy('shipment_id')
          .orderBy('order_line_id')
          .execute()
      : [];
    for (const shipment of shipments) {
      of(shipment.order_id).shipments.push(toShipmentDto(shipment, shipmentLines.filter((line) => line.shipment_id === shipment.id)));
    }
    const refunds = await db
      .selectFrom('refunds')
      .select(['id', 'order_id', 'amount_cents', 'credit_note_number', 'created_at'])
      .where('order_id', 'in', batch)
      .orderBy('id')
      .execute();
    for (const refund of refunds) {
      of(refund.order_id).refunds.push({
        id: String(refund.id),
        amount: centsToDollars(refund.amount_cents),
        creditNote: formatCreditNoteNumber(refund.credit_note_number),
        createdAt: refund.created_at,
      });
    }
  }
  return byOrder;
}

/** A shipment on the wire, with its lines in the order of the order's lines. */
export function toShipmentDto(shipment: ShipmentRow, lines: readonly Pick<ShipmentLineRow, 'product_id' | 'quantity'>[]): Shipment {
  return {
    id: String(shipment.id),
    number: formatShipmentNumber(shipment.number),
    lines: lines.map((line) => ({ productId: String(line.product_id), quantity: line.quantity })),
    carrier: shipment.carrier,
    trackingNumber: shipment.tracking_number,
    trackingUrl: shipment.tracking_url,
    shippedAt: shipment.shipped_at,
  };
}

/** Orders named in one query: one parameter each, well under either database's limit on parameters. */
const ORDERS_PER_QUERY = 5000;

/** The refund of each of these returns that has one: its amount and credit-note number. */
export async function refundsOfReturns(db: Executor, returnIds: readonly number[]): Promise<Map<number, { amountCents: number; creditNoteNumber: number }>> {
  const found = new Map<number, { amountCents: number; creditNoteNumber: number }>();
  for (let start = 0; start < returnIds.length; start += ORDERS_PER_QUERY) {
    const rows = await db
      .selectFrom('refunds')
      .select(['return_id', 'amount_cents', 'credit_note_number'])
      .where('return_id', 'in', returnIds.slice(start, start + ORDERS_PER_QUERY))
      .execute();
    for (const row of rows) found.set(row.return_id!, { amountCents: row.amount_cents, creditNoteNumber: row.credit_note_number });
  }
  return found;
}
