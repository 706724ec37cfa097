/**
 * Refunds, in the orders domain: each gives back part of what an order charged (never more than was
 * charged and not yet refunded) and has its credit note, numbered from its own gapless sequence.
 * Asking the payment provider for the money is the caller's (flows/refunds.ts), before recording.
 */
import { formatCreditNoteNumber, formatInvoiceNumber, formatMoney, formatReturnNumber } from '../../shared/format.js';
import { refundMessages } from '../../shared/messages.js';
import { type Cents, centsToDollars, orderTotalCents } from '../../shared/money.js';
import { isUniqueViolation } from '../db/errors.js';
import { type Executor, now, type OrderRow, type RefundRow } from '../db/schema.js';
import { type Viewer, isOwnerOrAdmin } from '../http/access.js';
import { conflict, notFound } from '../http/errors.js';
import type { CreditNoteFacts } from '../invoices/service.js';
import { type ChangedBy, recordOrderEvent } from './events.js';

/** One line of what a refund gives back (kept with the refund as its credit note lists it; cents). */
export interface RefundLine {
  productId: number;
  sku: string;
  name: string;
  /** Units refunded at the price paid for them. */
  quantity: number;
  unitPriceCents: Cents;
  /** Core deposits refunded (a core came back, or the whole unit did). */
  cores: number;
  coreChargeCents: Cents;
}

/** What the lines give back: their units at the price paid and their core deposits. */
export function refundGoodsCents(lines: readonly RefundLine[]): Cents {
  return lines.reduce((sum, line) => sum + orderTotalCents(line.unitPriceCents, line.quantity) + orderTotalCents(line.coreChargeCents, line.cores), 0);
}

export interface NewRefund {
  orderId: number;
  returnId: number | null;
  /** goods of `lines` + shipping + tax. */
  amountCents: Cents;
  taxCents: Cents;
  shippingCents: Cents;
  lines: readonly RefundLine[];
  providerRefundId: string;
  by: ChangedBy;
}

/**
 * The next credit-note number. As invoice numbers: the sequence's one row stays locked until the
 * caller's transaction ends, so a refund that rolls back gives its number back.
 */
export async function nextCreditNoteNumber(db: Executor): Promise<number> {
  const row = await db
    .updateTable('credit_note_sequence')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('id', '=', 1)
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}

/**
 * Records a refund the provider made, in the caller's transaction: the order's refunded amount grows only
 * while it stays within its total (a conditional update, which also holds the order's row until the
 * transaction ends, so racing refunds of one order are counted one after the other), else 409; then the
 * refund with its credit-note number, and a line in the order's history. A provider refund recorded
 * already (its id is unique): 409.
 */
export async function recordRefund(trx: Executor, refund: NewRefund): Promise<{ refund: RefundRow; order: OrderRow }> {
  const order = await trx
    .updateTable('orders')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', refund.amountCents), updated_at: now() }))
    .where('id', '=', refund.orderId)
    .where((eb) => eb(eb('refunded_cents', '+', refund.amountCents), '<=', eb.ref('total_cents')))
    .returningAll()
    .executeTakeFirst();
  if (!order) {
    const current = await trx.selectFrom('orders').select(['total_cents', 'refunded_cents']).where('id', '=', refund.orderId).executeTakeFirst();
    if (!current) throw notFound('Order');
    throw conflict('refund_too_large', refundMessages.tooLarge(formatMoney(centsToDollars(current.total_cents - current.refunded_cents))));
  }
  const at = now();
  let row: RefundRow;
  try {
    row = await trx
      .insertInto('refunds')
      .values({
        order_id: refund.orderId,
        return_id: refund.returnId,
        amount_cents: refund.amountCents,
        tax_cents: refund.taxCents,
        shipping_cents: refund.shippingCents,
        credit_note_number: await nextCreditNoteNumber(trx),
        provider_refund_id: refund.providerRefundId,
        lines: JSON.stringify(refund.lines),
        created_at: at,
        created_by: refund.by.user?.id ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('refund_recorded', refundMessages.alreadyRecorded);
    throw error;
  }
  await recordOrderEvent(trx, order.id, order.status, order.status, refund.by, at, row.id);
  return { refund: row, order };
}

export function refundLinesOf(refund: Pick<RefundRow, 'lines'>): RefundLine[] {
  return JSON.parse(refund.lines) as RefundLine[];
}

/** The refund with its order, if the viewer placed the order or is an admin; anyone else: 404, as for an id never used. */
export async function getRefundFor(db: Executor, viewer: Viewer, id: number): Promise<{ refund: RefundRow; order: OrderRow }> {
  const refund = await db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  const order = refund && (await db.selectFrom('orders').selectAll().where('id', '=', refund.order_id).executeTakeFirst());
  if (!refund || !order || !isOwnerOrAdmin(viewer, order.user_id)) throw notFound('Refund');
  return { refund, order };
}

/** A return's refund (the returns domain names it by its return), with its order. */
export async function findRefundOfReturn(db: Executor, returnId: number): Promise<{ refund: RefundRow; order: OrderRow } | undefined> {
  const refund = await db.selectFrom('refunds').selectAll().where('return_id', '=', returnId).orderBy('id').executeTakeFirst();
  if (!refund) return undefined;
  const order = await db.selectFrom('orders').selectAll().where('id', '=', refund.order_id).executeTakeFirstOrThrow();
  return { refund, order };
}

/** The credit note of a refund, as its PDF tells it. */
export function creditNoteFacts(order: OrderRow, refund: RefundRow): CreditNoteFacts {
  const lines = refundLinesOf(refund);
  return {
    creditNoteNumber: formatCreditNoteNumber(refund.credit_note_number),
    issuedAt: refund.created_at,
    orderId: String(order.id),
    invoiceNumber: order.invoice_number === null ? null : formatInvoiceNumber(order.invoice_number),
    returnNumber: refund.return_id === null ? null : formatReturnNumber(refund.return_id),
    poNumber: order.po_number,
    customer: { name: order.customer_name, email: order.email, phone: order.phone, address: order.address, vatId: order.vat_id },
    lines: lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({
        sku: line.sku,
        product: line.name,
        quantity: line.quantity,
        unitPrice: centsToDollars(line.unitPriceCents),
        lineTotal: centsToDollars(orderTotalCents(line.unitPriceCents, line.quantity)),
      })),
    coreDeposits: lines
      .filter((line) => line.cores > 0 && line.coreChargeCents > 0)
      .map((line) => ({
        sku: line.sku,
        product: line.name,
        quantity: line.cores,
        coreCharge: centsToDollars(line.coreChargeCents),
        total: centsToDollars(orderTotalCents(line.coreChargeCents, line.cores)),
      })),
    shipping: centsToDollars(refund.shipping_cents),
    tax: centsToDollars(refund.tax_cents),
    total: centsToDollars(refund.amount_cents),
    paymentReference: order.transaction_id,
  };
}
