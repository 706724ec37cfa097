/**
 * Money going back to a buyer: the payment provider first, then, in one transaction, the refund with its
 * credit note, the buyer's e-mail and whatever the cause of the refund writes with it (a cancelled order's
 * move, a return marked refunded). Cancelling a paid order is one such cause.
 */
import { formatMoney } from '../../shared/format.js';
import { centsToDollars } from '../../shared/money.js';
import { refundMessages } from '../../shared/messages.js';
import { isPaid } from '../../shared/order-status.js';
import { type Executor, inTransaction, type OrderRow, type RefundRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { conflict, HttpError } from '../http/errors.js';
import { enqueueMail } from '../mail/service.js';
import { type ChangedBy, creditNoteFacts, getOrder, holdForCancel, linesOf, lockOrder, recordRefund, refundGoodsCents, type RefundLine } from '../orders/service.js';
import { assertMayMove, inOrderTransaction, type OrderMoves } from './order-process.js';
import { recordPaymentRefunded } from '../payments/service.js';
import type { PaymentContext } from './pay-order.js';

/** What to give back of an order, and why. */
export interface MoneyBack {
  order: OrderRow;
  /** Must be the lines' units and core deposits + shippingCents + taxCents. */
  amountCents: number;
  taxCents: number;
  shippingCents: number;
  lines: readonly RefundLine[];
  /** The return refunded; null for a cancelled order's whole refund. */
  returnId: number | null;
  by: ChangedBy;
  /**
   * One key per cause of a refund (`cancel-<orderId>`, `return-<returnId>`): asked again, for whatever
   * reason, the provider answers the refund it made, never a second one.
   */
  idempotencyKey: string;
}

/** What the cause of a refund writes in its transaction, given the refund and the order as it now is. */
export type AlsoInTransaction<T> = (trx: Executor, refund: RefundRow, more: { order: OrderRow; moves: OrderMoves }) => Promise<T>;

/**
 * Gives money back: asks the provider, then records the refund (+ credit note), enqueues the buyer's
 * e-mail (the credit note attached) and runs `alsoInTransaction`, all in one transaction. The provider
 * failing: 502, nothing recorded, and asking again later works. More than is left to refund: 409 before
 * the provider is asked, and again in the transaction (the provider's refund then stays unrecorded and
 * a repeat with the same key is that same refund, never a second one).
 */
export async function giveMoneyBack<T = undefined>(
  { db, cache, provider }: PaymentContext,
  input: MoneyBack,
  alsoInTransaction?: AlsoInTransaction<T>,
): Promise<{ refund: RefundRow; order: OrderRow; also: T | undefined }> {
  const { order, amountCents } = input;
  const parts = refundGoodsCents(input.lines) + input.shippingCents + input.taxCents;
  if (amountCents <= 0 || amountCents !== parts) throw new Error(`refund of ${amountCents} cents does not add up: its parts make ${parts}`);
  if (!order.transaction_id) throw conflict('not_paid', refundMessages.notPaid);
  const left = order.total_cents - order.refunded_cents;
  if (amountCents > left) throw conflict('refund_too_large', refundMessages.tooLarge(formatLeft(left)));

  const intentId = order.transaction_id;
  let providerRefund: { id: string };
  try {
    providerRefund = await provider.refund(intentId, { amountCents, idempotencyKey: input.idempotencyKey });
  } catch (error) {
    throw new HttpError(502, 'refund_failed', refundMessages.providerFailed(error instanceof Error ? error.message : String(error)));
  }

  return inOrderTransaction(db, cache, async (moves) => {
    const { trx } = moves;
    const recorded = await recordRefund(trx, {
      orderId: order.id,
      returnId: input.returnId,
      amountCents,
      taxCents: input.taxCents,
      shippingCents: input.shippingCents,
      lines: input.lines,
      providerRefundId: providerRefund.id,
      by: input.by,
    });
    await enqueueMail(trx, {
      kind: 'order-refunded',
      to: recorded.order.email,
      data: {
        orderId: String(order.id),
        customerName: recorded.order.customer_name,
        amount: centsToDollars(amountCents),
        creditNote: creditNoteFacts(recorded.order, recorded.refund),
        cancelled: input.returnId === null,
      },
    });
    const also = alsoInTransaction ? await alsoInTransaction(trx, recorded.refund, { order: recorded.order, moves }) : undefined;
    return { ...recorded, also };
  });
}

const formatLeft = (cents: number) => formatMoney(centsToDollars(cents));

/**
 * An admin cancels a paid order that has shipped nothing: its whole charge goes back through the
 * provider, then the order moves to 'cancelled' in the refund's transaction (its units back to stock).
 * Shipped or partly shipped, already cancelled, or not the admin's to cancel: refused before the
 * provider is asked. While the provider is asked the order is held for the cancel, so a shipment at that
 * moment is refused rather than leaving with the money gone back. The provider failing (or refusing
 * before it was asked) leaves the order paid and shippable; a cancel cut off after the provider refunded
 * keeps the hold, and cancelling again (the same refund, by its key) completes it.
 */
export async function cancelPaidOrder(paying: PaymentContext, viewer: Viewer, unlocked: OrderRow): Promise<OrderRow> {
  const order = await inTransaction(paying.db, async (trx) => {
    const locked = await lockOrder(trx, unlocked.id);
    assertMayMove({ viewer }, locked, 'cancelled');
    await holdForCancel(trx, locked.id, true);
    return locked;
  });
  try {
    return await refundWholeOrder(paying, viewer, order);
  } catch (error) {
    if (error instanceof HttpError) await holdForCancel(paying.db, order.id, false);
    throw error;
  }
}

/** The whole charge of a paid order back, and the order cancelled in the refund's transaction. */
async function refundWholeOrder(paying: PaymentContext, viewer: Viewer, order: OrderRow): Promise<OrderRow> {
  const lines: RefundLine[] = (await linesOf(paying.db, order.id)).map((line) => ({
    productId: line.product_id,
    sku: line.product_sku,
    name: line.product_name,
    quantity: line.quantity,
    unitPriceCents: line.unit_price_cents,
    cores: line.core_charge_cents > 0 ? line.quantity : 0,
    coreChargeCents: line.core_charge_cents,
  }));
  const { also } = await giveMoneyBack(
    paying,
    {
      order,
      amountCents: order.total_cents,
      taxCents: order.tax_cents,
      shippingCents: order.shipping_cents,
      lines,
      returnId: null,
      by: { actor: 'admin', user: viewer },
      idempotencyKey: `cancel-${order.id}`,
    },
    async (trx, _refund, { order: refunded, moves }) => {
      await recordPaymentRefunded(trx, order.transaction_id!);
      return moves.move(refunded, 'cancelled', { viewer });
    },
  );
  return also!;
}

/**
 * Cancelling an order, for every route that does: a paid one as `cancelPaidOrder`, an unpaid one by
 * its customer or an admin (its units back to stock), as SPEC's DELETE /api/order/:id.
 */
export async function cancelOrder(paying: PaymentContext, viewer: Viewer, id: number): Promise<OrderRow> {
  const order = await getOrder(paying.db, id);
  if (isPaid(order.status)) return cancelPaidOrder(paying, viewer, order);
  return inOrderTransaction(paying.db, paying.cache, async (moves) => moves.move(await getOrder(moves.trx, id), 'cancelled', { viewer }));
}
