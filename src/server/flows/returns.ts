/**
 * Returns across domains: a buyer asks to send shipped units back (the orders domain's lines and shipments,
 * the fitment base's vehicles, the catalog's applications), and an admin receives what came back (the
 * order's returned units and cores, the catalog's stock) and refunds it through the refunds flow.
 *
 * Every change of a return's units holds its order's row first (PostgreSQL `for update`; SQLite's
 * transactions take the write lock as they begin), so requests and receipts of one order take turns and
 * each counts what the others left: no number of parallel requests can ask for more than was shipped.
 */
import type { Return, ReturnReceive, ReturnRequest } from '../../shared/returns-api.js';
import { vehicleName } from '../../shared/fitment.js';
import { returnMessages } from '../../shared/messages.js';
import { RefundAboveChargedError, refundOf, type RefundLineFacts, splitTax } from '../../shared/refunds.js';
import { type ReturnReason, withinReturnWindow } from '../../shared/returns.js';
import { orderTotalCents } from '../../shared/money.js';
import { partFitsVehicle, releaseStock } from '../catalog/service.js';
import type { Config } from '../config.js';
import { type Executor, now, type OrderLineRow, type OrderRow, type ReturnLineRow, type ReturnRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { findVehicle } from '../fitment/service.js';
import { countReturnedUnits, getOrder, hasTaxSplit, lastShippedOfLines, linesOf, lockOrder, type RefundLine } from '../orders/service.js';
import {
  createReturn,
  getReturn,
  linesOfReturn,
  moveReturn,
  type NewReturnLine,
  receivedReturnsOf,
  recordReceivedLines,
  returnDto,
  unitsOnReturns,
} from '../returns/service.js';
import { giveMoneyBack } from './refunds.js';
import type { PaymentContext } from './pay-order.js';
import { tellWaitingBuyers } from './stock-alerts.js';

const partOf = (line: Pick<OrderLineRow, 'product_sku' | 'product_name'>) => `${line.product_sku} ${line.product_name}`;
const isCore = (reason: ReturnReason) => reason === 'core';
/** The core deposits `received` units of a return line give back: one per core, and one per unit of a part with a deposit that came back whole. */
const depositsBack = (line: Pick<ReturnLineRow, 'reason'>, orderLine: Pick<OrderLineRow, 'core_charge_cents'>, received: number) =>
  isCore(line.reason) || orderLine.core_charge_cents > 0 ? received : 0;

/** The vehicle a line did not fit, as the return keeps it: its label, and whether our data says the part fits it. */
async function vehicleOf(trx: Executor, productId: number, vehicleId: number | undefined, reason: ReturnReason, field: string) {
  if (vehicleId === undefined) return { vehicleId: null, vehicleLabel: null, fitsByOurData: null };
  const vehicle = await findVehicle(trx, vehicleId);
  if (!vehicle) throw badRequest(returnMessages.vehicleUnknown, { [field]: returnMessages.vehicleUnknown });
  return {
    vehicleId,
    vehicleLabel: vehicleName(vehicle, true),
    fitsByOurData: reason === 'doesnt_fit' ? await partFitsVehicle(trx, productId, vehicle) : null,
  };
}

/**
 * The buyer asks to return shipped units of their order (POST /api/orders/:id/returns). Someone else's
 * order: 404. 409 when a line asks for more than was shipped and is not on another return yet (each unit
 * comes back once: whole, or for a part with a core deposit its old unit, the core, while the buyer keeps
 * the new one), or when the window, counted from the latest shipment carrying the line, has closed
 * (CORE_RETURN_DAYS for a core). `atMs`: when it is asked (now).
 */
export async function requestReturn(db: Executor, viewer: Viewer, orderId: number, request: ReturnRequest, windows: Config['returns'], atMs = Date.now()): Promise<Return> {
  const row = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (order.user_id !== viewer.id) throw notFound('Order');
    const lines = new Map((await linesOf(trx, order.id)).map((line) => [line.product_id, line]));
    const onReturns = await unitsOnReturns(trx, order.id);
    const lastShipped = await lastShippedOfLines(trx, order.id);
    const asked = new Map<number, number>();
    const newLines: NewReturnLine[] = [];
    for (const [index, wanted] of request.lines.entries()) {
      const field = (name: string) => `lines.${index}.${name}`;
      const line = lines.get(wanted.productId);
      if (!line) throw badRequest(returnMessages.notOnOrder(wanted.productId), { [field('productId')]: returnMessages.notOnOrder(wanted.productId) });
      const cores = isCore(wanted.reason);
      if (cores && line.core_charge_cents === 0) throw badRequest(returnMessages.noCore(partOf(line)), { [field('reason')]: returnMessages.noCore(partOf(line)) });
      // Each shipped unit comes back once: whole, or (a part with a core deposit) its old unit for the deposit
      // while the buyer keeps the new one. Lines of one request with different reasons take from the same units.
      const on = onReturns.get(line.id) ?? { units: 0, cores: 0 };
      const left = Math.max(0, line.shipped_quantity - on.units - on.cores - (asked.get(line.id) ?? 0));
      if (wanted.quantity > left) throw conflict('too_many_returned', returnMessages.tooMany(partOf(line), left, cores), { [field('quantity')]: returnMessages.tooMany(partOf(line), left, cores) });
      asked.set(line.id, (asked.get(line.id) ?? 0) + wanted.quantity);
      const days = cores ? windows.coreDays : windows.windowDays;
      const shippedAt = lastShipped.get(line.id);
      if (!shippedAt || !withinReturnWindow(shippedAt, days, atMs)) {
        throw conflict('return_window_closed', returnMessages.windowClosed(partOf(line), days, cores), { [field('productId')]: returnMessages.windowClosed(partOf(line), days, cores) });
      }
      newLines.push({
        orderLineId: line.id,
        productId: line.product_id,
        quantity: wanted.quantity,
        reason: wanted.reason,
        ...(await vehicleOf(trx, line.product_id, wanted.vehicleId, wanted.reason, field('vehicleId'))),
      });
    }
    return createReturn(trx, { orderId: order.id, userId: viewer.id, note: request.note ?? '' }, newLines);
  });
  return returnDto(db, row);
}

/** What came back of each of the return's lines: a received line names its part, and its reason when the return has the part twice. */
function receivedLines(request: ReturnReceive, lines: readonly ReturnLineRow[], partOfLine: (line: ReturnLineRow) => string) {
  const received = new Map<ReturnLineRow, { received: number; damaged: number }>();
  for (const [index, got] of request.lines.entries()) {
    const matches = lines.filter((line) => line.product_id === got.productId && (got.reason === undefined || line.reason === got.reason));
    const line = matches.length === 1 ? matches[0] : undefined;
    if (!line || received.has(line)) {
      throw badRequest(returnMessages.notOnReturn(got.productId), { [`lines.${index}.productId`]: returnMessages.notOnReturn(got.productId) });
    }
    if (got.receivedQuantity > line.quantity) {
      const message = returnMessages.receivedAboveAsked(partOfLine(line), line.quantity);
      throw badRequest(message, { [`lines.${index}.receivedQuantity`]: message });
    }
    received.set(line, { received: got.receivedQuantity, damaged: got.damagedQuantity });
  }
  return lines.map((line) => ({ line, ...(received.get(line) ?? { received: 0, damaged: 0 }) }));
}

/**
 * The tax an order charged on each line's goods and deposits and on its shipping, as the order keeps it
 * (migration 056): the rates of the day it was placed, whatever they are now. An order placed before the
 * tax was split kept it whole: it is split in proportion to what it was charged on.
 */
function taxSplitOf(order: OrderRow, lines: readonly OrderLineRow[]) {
  if (hasTaxSplit(order, lines)) {
    return { lines: new Map(lines.map((line) => [line.id, { taxCents: line.tax_cents, coreTaxCents: line.core_tax_cents }])), shippingTaxCents: order.shipping_tax_cents };
  }
  const amounts = lines.flatMap((line) => [orderTotalCents(line.unit_price_cents, line.quantity), orderTotalCents(line.core_charge_cents, line.quantity)]);
  const shares = splitTax(order.tax_cents, [...amounts, order.shipping_cents]);
  return {
    lines: new Map(lines.map((line, i) => [line.id, { taxCents: shares[2 * i]!, coreTaxCents: shares[2 * i + 1]! }])),
    shippingTaxCents: shares.at(-1)!,
  };
}

/**
 * An admin receives an approved return (POST /api/returns/:id/receive): what came back of each line
 * (at most what was asked), undamaged new parts back to stock, cores counted on their line (never
 * restocked), the line's returned units counted; and its refund fixed as it stands now
 * (src/shared/refunds.ts), then given at once. Of racing receipts one counts; the others get 409.
 */
export async function receiveReturn(paying: PaymentContext, viewer: Viewer, returnId: number, request: ReturnReceive): Promise<Return> {
  const { db, cache } = paying;
  const orderId = (await getReturn(db, returnId)).order_id;
  let restocked = false;
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    const found = await getReturn(trx, returnId);
    if (found.status !== 'approved') throw conflict('illegal_transition', returnMessages.illegalMove(found.status, 'received'));
    const orderLines = await linesOf(trx, order.id);
    const lineById = new Map(orderLines.map((line) => [line.id, line]));
    const got = receivedLines(request, await linesOfReturn(trx, found.id), (line) => partOf(lineById.get(line.order_line_id)!));

    const split = taxSplitOf(order, orderLines);
    // Per order line (a return may have one line twice, with two reasons), so that its tax shares are cumulative.
    const facts = new Map<number, RefundLineFacts>();
    for (const { line, received } of got) {
      const orderLine = lineById.get(line.order_line_id)!;
      const fact = facts.get(orderLine.id) ?? {
        quantity: orderLine.quantity,
        unitPriceCents: orderLine.unit_price_cents,
        coreChargeCents: orderLine.core_charge_cents,
        ...split.lines.get(orderLine.id)!,
        unitsBefore: orderLine.returned_quantity,
        // A unit that came back whole gave its deposit back too.
        coresBefore: orderLine.cores_returned + orderLine.returned_quantity,
        units: 0,
        cores: 0,
      };
      if (!isCore(line.reason)) fact.units += received;
      fact.cores += depositsBack(line, orderLine, received);
      facts.set(orderLine.id, fact);
    }
    // Received returns not refunded yet will take theirs; shipping goes back once.
    const others = (await receivedReturnsOf(trx, order.id)).filter((other) => other.id !== found.id);
    const pending = others.filter((other) => other.status === 'received').reduce((sum, other) => sum + (other.refund_cents ?? 0), 0);
    const shippingBefore = others.some((other) => (other.refund_shipping_cents ?? 0) > 0);
    let figures;
    try {
      figures = refundOf({
        lines: [...facts.values()],
        shipping: { cents: order.shipping_cents, taxCents: split.shippingTaxCents, refundedBefore: shippingBefore, refundNow: request.refundShipping === true },
        leftCents: order.total_cents - order.refunded_cents - pending,
      });
    } catch (error) {
      if (error instanceof RefundAboveChargedError) throw conflict('refund_too_large', returnMessages.refundAboveCharged);
      throw error;
    }

    const backInStock: { productId: number; quantity: number }[] = [];
    // In the order's line order, so that two transactions counting lines of one order cannot deadlock.
    for (const { line, received, damaged } of [...got].sort((a, b) => a.line.order_line_id - b.line.order_line_id)) {
      if (received === 0) continue;
      const cores = isCore(line.reason);
      const counted = await countReturnedUnits(trx, line.order_line_id, { units: cores ? 0 : received, cores: cores ? received : 0 });
      const orderLine = lineById.get(line.order_line_id)!;
      if (!counted) throw conflict('too_many_returned', returnMessages.tooMany(partOf(orderLine), 0, cores));
      if (!cores && received > damaged) backInStock.push({ productId: line.product_id, quantity: received - damaged });
    }
    await releaseStock(trx, backInStock, { reason: 'return', orderId: order.id, by: viewer });
    restocked = backInStock.length > 0;
    await recordReceivedLines(trx, found.id, got.map(({ line, received, damaged }) => ({ orderLineId: line.order_line_id, reason: line.reason, received, damaged })));
    await moveReturn(trx, found, 'received', {
      received_at: now(),
      refund_shipping: request.refundShipping ? 1 : 0,
      refund_cents: figures.amountCents,
      refund_tax_cents: figures.taxCents,
      refund_shipping_cents: figures.shippingCents,
    });
    // Units back in stock may make a part orderable for the buyers waiting for it.
    if (restocked) await tellWaitingBuyers(trx);
  });
  if (restocked) cache.invalidate('catalog');
  return refundReturn(paying, viewer, returnId);
}

/**
 * Refunds a received return what was fixed when it was received (POST /api/returns/:id/refund retries it
 * when the payment provider failed): the provider first, under the return's own idempotency key, so
 * however often it is asked it refunds once; then the refund, its credit note and e-mail and the return
 * marked refunded in one transaction. A return refunded meanwhile: 409, and that transaction records nothing.
 */
export async function refundReturn(paying: PaymentContext, viewer: Viewer, returnId: number): Promise<Return> {
  const found = await getReturn(paying.db, returnId);
  if (found.status !== 'received') throw conflict('illegal_transition', returnMessages.illegalMove(found.status, 'refunded'));
  const order = await getOrder(paying.db, found.order_id);
  const lineById = new Map((await linesOf(paying.db, order.id)).map((line) => [line.id, line]));
  const lines: RefundLine[] = (await linesOfReturn(paying.db, found.id))
    .filter((line) => line.received_quantity > 0)
    .map((line) => {
      const orderLine = lineById.get(line.order_line_id)!;
      return {
        productId: line.product_id,
        sku: orderLine.product_sku,
        name: orderLine.product_name,
        quantity: isCore(line.reason) ? 0 : line.received_quantity,
        unitPriceCents: orderLine.unit_price_cents,
        cores: depositsBack(line, orderLine, line.received_quantity),
        coreChargeCents: orderLine.core_charge_cents,
      };
    });
  const refunded = async (trx: Executor): Promise<ReturnRow> => moveReturn(trx, await getReturn(trx, found.id), 'refunded');
  if (found.refund_cents === 0) {
    // Nothing came back worth money (every line received as 0 units): nothing to ask the provider for.
    return returnDto(paying.db, await paying.db.transaction().execute(refunded));
  }
  const { also } = await giveMoneyBack(
    paying,
    {
      order,
      amountCents: found.refund_cents!,
      taxCents: found.refund_tax_cents!,
      shippingCents: found.refund_shipping_cents!,
      lines,
      returnId: found.id,
      by: { actor: 'admin', user: viewer },
      idempotencyKey: `return-${found.id}`,
    },
    (trx) => refunded(trx),
  );
  return returnDto(paying.db, also!);
}
