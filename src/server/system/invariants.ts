/**
 * The shop's data invariants, checked straight in the database (not through the API), for the system
 * tests: after a crash, with several servers, after a backup.
 */
import { normalisePartNumber } from '../../shared/catalog.js';
import { AWAITING_APPROVAL_STATUS, holdsStock, isPaid, ORDER_STATUSES, type OrderStatus, PLACED_STATUS } from '../../shared/order-status.js';
import type { Db } from '../db/connection.js';
import type { OrderLineRow, OrderRow, RefundRow, ReturnLineRow, ReturnRow, ShipmentLineRow, ShipmentRow } from '../db/schema.js';
import { hasTaxSplit, refundGoodsCents, refundLinesOf, taxLinesOf, taxSplitCents } from '../orders/service.js';

export interface StockLedger {
  productId: number;
  initial: number;
  stock: number;
  /** Quantity reserved by orders that hold stock and are not paid. */
  reserved: number;
  /** Quantity of paid orders. */
  sold: number;
  /** Units buyers sent back undamaged, back in stock (returns received). */
  restocked: number;
}

export interface InvariantReport {
  orders: number;
  byStatus: Record<string, number>;
  payments: number;
  ledgers: StockLedger[];
  /** Every broken rule, in words; empty when the data is sound. */
  violations: string[];
}

/**
 * - every order is in a legal status and has its 'placed' event (null → PLACED_STATUS, or AWAITING_APPROVAL_STATUS
 *   for a company order over its buyer's limit), exactly once;
 * - its events form one chain from that first status to its current status (nothing half-written);
 * - per product: stock + reserved + sold = the initial stock + the units returns put back (no lost or invented units);
 * - every part's stock ledger (`stockLedgerViolations`): its changes sum to its stock, and its newest row's stock after is its stock;
 * - every order's lines add up to its subtotal and its core deposits, its tax lines to its tax, its tax shares
 *   (lines, core deposits, shipping) to its tax too when it has them, and its total is subtotal + core
 *   deposits + shipping + tax; paid orders have invoice numbers 1..N, each once (gapless);
 * - every paid order has a 'succeeded' payment whose intent id is the order's transaction id, and every
 *   'succeeded' payment belongs to a paid order carrying that intent (no payment without its order), for
 *   exactly the order's total;
 * - shipments (`shipmentViolations`): no line ships more than was ordered, each line's shipped units are what
 *   its shipments carried, an order's status says how much of it shipped, shipment numbers are 1..N;
 * - returns (`returnViolations`): no line returns more units and cores together than were shipped; each line's
 *   returned units and cores are what its received returns counted; a refunded return has its refund, of
 *   the amount fixed when it was received, and no other return has one;
 * - money going back: an order's refunded amount is the sum of its refunds and at most its total; each
 *   refund is its lines' units and core deposits + shipping + tax, and has one line in its order's history;
 *   a paid order cancelled got its whole total back (its payment recorded as refunded), an order never
 *   paid got nothing; credit-note numbers are 1..N, each once (gapless).
 */
export async function checkInvariants(db: Db, initialStock: Map<number, number>): Promise<InvariantReport> {
  const k = db.kysely;
  const violations: string[] = [];
  const orders = await k.selectFrom('orders').selectAll().orderBy('id').execute();
  const events = await k.selectFrom('order_events').selectAll().orderBy('id').execute();
  const payments = await k.selectFrom('payments').selectAll().orderBy('id').execute();
  const products = await k.selectFrom('products').select(['id', 'stock']).execute();
  const lines = await k.selectFrom('order_lines').selectAll().orderBy('id').execute();
  const refunds = await k.selectFrom('refunds').selectAll().orderBy('id').execute();
  const statusOf = new Map(orders.map((order) => [order.id, order.status]));

  const eventsOf = new Map<number, typeof events>();
  for (const event of events) {
    const list = eventsOf.get(event.order_id) ?? [];
    list.push(event);
    eventsOf.set(event.order_id, list);
  }
  const byStatus: Record<string, number> = {};
  for (const order of orders) {
    byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
    if (!(ORDER_STATUSES as readonly string[]).includes(order.status)) {
      violations.push(`order ${order.id} has an illegal status '${order.status}'`);
    }
    const chain = eventsOf.get(order.id) ?? [];
    const placed = chain.filter((e) => e.from_status === null && (e.to_status === PLACED_STATUS || e.to_status === AWAITING_APPROVAL_STATUS));
    if (placed.length !== 1) violations.push(`order ${order.id} has ${placed.length} 'placed' events`);
    let at: string | null = null;
    for (const event of chain) {
      if (event.from_status !== at) {
        violations.push(`order ${order.id}: event ${event.id} goes ${event.from_status} → ${event.to_status} but the order was '${at}'`);
      }
      at = event.to_status;
    }
    if (at !== order.status) violations.push(`order ${order.id} is '${order.status}' but its history ends at '${at}'`);
  }
  const orderIds = new Set(orders.map((o) => o.id));
  for (const orderId of eventsOf.keys()) {
    if (!orderIds.has(orderId)) violations.push(`events for order ${orderId}, which does not exist`);
  }

  const returns = await k.selectFrom('returns').selectAll().execute();
  const returnLines = await k.selectFrom('return_lines').selectAll().execute();
  const received = new Set(returns.filter((r) => r.status === 'received' || r.status === 'refunded').map((r) => r.id));
  const receivedLines = returnLines.filter((line) => received.has(line.return_id));

  const ledgers: StockLedger[] = [];
  for (const [productId, initial] of initialStock) {
    const product = products.find((p) => p.id === productId);
    if (!product) {
      violations.push(`product ${productId} is gone`);
      continue;
    }
    const mine = lines.filter((line) => line.product_id === productId);
    const quantityOf = (counts: (status: OrderStatus) => boolean) =>
      mine.filter((line) => counts(statusOf.get(line.order_id)!)).reduce((n, line) => n + line.quantity, 0);
    const reserved = quantityOf((status) => holdsStock(status) && !isPaid(status));
    const sold = quantityOf(isPaid);
    // Cores are never restocked; new parts are, but for the damaged ones.
    const restocked = receivedLines
      .filter((line) => line.product_id === productId && line.reason !== 'core')
      .reduce((n, line) => n + line.received_quantity - line.damaged_quantity, 0);
    ledgers.push({ productId, initial, stock: product.stock, reserved, sold, restocked });
    if (product.stock < 0) violations.push(`product ${productId} has negative stock ${product.stock}`);
    if (product.stock + reserved + sold !== initial + restocked) {
      violations.push(
        `product ${productId}: stock ${product.stock} + reserved ${reserved} + sold ${sold} = ${product.stock + reserved + sold}, not the initial ${initial} + ${restocked} returned`,
      );
    }
  }

  for (const order of orders) {
    const own = lines.filter((line) => line.order_id === order.id);
    const goods = own.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);
    if (own.length === 0 || own.length !== order.line_count) violations.push(`order ${order.id} has ${own.length} lines, not ${order.line_count}`);
    if (goods !== order.subtotal_cents) violations.push(`order ${order.id} has a subtotal of ${order.subtotal_cents} cents but its lines ${goods}`);
    const deposits = own.reduce((sum, line) => sum + line.core_charge_cents * line.quantity, 0);
    if (deposits !== order.core_deposit_cents) violations.push(`order ${order.id} has core deposits of ${order.core_deposit_cents} cents but its lines ${deposits}`);
    const charged = order.subtotal_cents + order.core_deposit_cents + order.shipping_cents + order.tax_cents;
    if (charged !== order.total_cents) violations.push(`order ${order.id} totals ${order.total_cents} cents, not subtotal + core deposits + shipping + tax ${charged}`);
    const taxed = taxLinesOf(order).reduce((sum, line) => sum + line.amountCents, 0);
    if (taxed !== order.tax_cents) violations.push(`order ${order.id} charges ${order.tax_cents} cents of tax but its tax lines ${taxed}`);
    // An order placed before the split has all shares 0 whatever its tax; any share written must sum to it.
    const shares = taxSplitCents(order, own);
    if (shares !== 0 && !hasTaxSplit(order, own)) violations.push(`order ${order.id} charges ${order.tax_cents} cents of tax but its lines and shipping ${shares}`);
  }
  const invoiceNumbers = orders.flatMap((o) => (o.invoice_number === null ? [] : [o.invoice_number])).sort((a, b) => a - b);
  if (invoiceNumbers.some((number, i) => number !== i + 1)) violations.push(`invoice numbers are not 1..${invoiceNumbers.length} once each: ${invoiceNumbers.join(', ')}`);

  for (const order of orders.filter((o) => isPaid(o.status))) {
    if (order.invoice_number === null) violations.push(`paid order ${order.id} has no invoice number`);
    const paid = payments.filter((p) => p.order_id === order.id && p.status === 'succeeded' && p.intent_id === order.transaction_id);
    if (!order.transaction_id) violations.push(`paid order ${order.id} has no transaction id`);
    if (paid.length !== 1) violations.push(`paid order ${order.id} has ${paid.length} succeeded payments for its transaction ${order.transaction_id}`);
  }
  for (const payment of payments.filter((p) => p.status === 'succeeded')) {
    const order = orders.find((o) => o.id === payment.order_id);
    if (!order || !isPaid(order.status) || order.transaction_id !== payment.intent_id) {
      violations.push(`succeeded payment ${payment.intent_id} is not the payment of order ${payment.order_id} (${order?.status ?? 'missing'})`);
    } else if (payment.amount_cents !== order.total_cents) {
      violations.push(`payment ${payment.intent_id} took ${payment.amount_cents} cents for order ${order.id}, which totals ${order.total_cents}`);
    }
  }
  violations.push(...(await stockLedgerViolations(db, products)));
  violations.push(...shipmentViolations(orders, lines, await k.selectFrom('shipments').select(['id', 'number']).execute(), await k.selectFrom('shipment_lines').selectAll().execute()));
  violations.push(...returnViolations(lines, returns, returnLines, receivedLines, refunds));
  violations.push(...refundViolations(orders, refunds, events));
  return { orders: orders.length, byStatus, payments: payments.length, ledgers, violations };
}

/** Each part's ledger agrees with its stock (summed and grouped in the database: a large catalog's rows never sit in memory). */
async function stockLedgerViolations(db: Db, products: readonly { id: number; stock: number }[]): Promise<string[]> {
  const k = db.kysely;
  const sums = await k
    .selectFrom('stock_movements')
    .select(['product_id', (eb) => eb.fn.sum<number | string>('change').as('total')])
    .groupBy('product_id')
    .execute();
  const newest = await k
    .selectFrom('stock_movements')
    .select(['product_id', 'stock_after'])
    .where('id', 'in', k.selectFrom('stock_movements').select((eb) => eb.fn.max('id').as('id')).groupBy('product_id'))
    .execute();
  // PostgreSQL sums integers as a bigint, which arrives as text.
  const sumOf = new Map(sums.map((row) => [row.product_id, Number(row.total)]));
  const newestOf = new Map(newest.map((row) => [row.product_id, row.stock_after]));
  const violations: string[] = [];
  for (const product of products) {
    const sum = sumOf.get(product.id) ?? 0;
    if (sum !== product.stock) violations.push(`product ${product.id} has stock ${product.stock} but its ledger's changes sum to ${sum}`);
    const after = newestOf.get(product.id);
    if (after !== undefined && after !== product.stock) violations.push(`product ${product.id} has stock ${product.stock} but its newest ledger row says ${after}`);
  }
  const ids = new Set(products.map((product) => product.id));
  for (const productId of sumOf.keys()) if (!ids.has(productId)) violations.push(`ledger rows for product ${productId}, which does not exist`);
  return violations;
}

/** What came back never exceeds what shipped, the lines' counts are their received returns', and each refunded return has its one refund. */
function returnViolations(
  lines: readonly Pick<OrderLineRow, 'id' | 'shipped_quantity' | 'returned_quantity' | 'cores_returned'>[],
  returns: readonly Pick<ReturnRow, 'id' | 'status' | 'refund_cents'>[],
  returnLines: readonly Pick<ReturnLineRow, 'return_id' | 'received_quantity' | 'damaged_quantity' | 'quantity'>[],
  receivedLines: readonly Pick<ReturnLineRow, 'order_line_id' | 'reason' | 'received_quantity'>[],
  refunds: readonly Pick<RefundRow, 'return_id' | 'amount_cents'>[],
): string[] {
  const violations: string[] = [];
  for (const line of lines) {
    // Each shipped unit comes back at most once: whole, or as its core.
    if (line.returned_quantity + line.cores_returned > line.shipped_quantity) {
      violations.push(`order line ${line.id} returned ${line.returned_quantity} units and ${line.cores_returned} cores of ${line.shipped_quantity} shipped`);
    }
    const own = receivedLines.filter((r) => r.order_line_id === line.id);
    const units = own.filter((r) => r.reason !== 'core').reduce((n, r) => n + r.received_quantity, 0);
    const cores = own.filter((r) => r.reason === 'core').reduce((n, r) => n + r.received_quantity, 0);
    if (units !== line.returned_quantity || cores !== line.cores_returned) {
      violations.push(`order line ${line.id} counts ${line.returned_quantity} units and ${line.cores_returned} cores returned, its received returns ${units} and ${cores}`);
    }
  }
  for (const line of returnLines) {
    if (line.received_quantity > line.quantity || line.damaged_quantity > line.received_quantity) {
      violations.push(`return ${line.return_id} received ${line.received_quantity} (${line.damaged_quantity} damaged) of ${line.quantity} units asked`);
    }
  }
  for (const found of returns) {
    const own = refunds.filter((refund) => refund.return_id === found.id);
    const expected = found.status === 'refunded' && (found.refund_cents ?? 0) > 0 ? 1 : 0;
    if (own.length !== expected) violations.push(`return ${found.id} is '${found.status}' with ${own.length} refunds`);
    else if (expected === 1 && own[0]!.amount_cents !== found.refund_cents) violations.push(`return ${found.id} was to refund ${found.refund_cents} cents, its refund gave ${own[0]!.amount_cents}`);
  }
  return violations;
}

/**
 * Shipped ≤ ordered on every line, and every shipped unit is in a shipment (orders shipped before shipments
 * were recorded got theirs from migration 057). 'shipped' means every unit shipped, 'partially shipped'
 * some but not all, any other status none.
 */
function shipmentViolations(
  orders: readonly Pick<OrderRow, 'id' | 'status'>[],
  lines: readonly Pick<OrderLineRow, 'id' | 'order_id' | 'quantity' | 'shipped_quantity'>[],
  shipments: readonly Pick<ShipmentRow, 'id' | 'number'>[],
  shipmentLines: readonly Pick<ShipmentLineRow, 'order_line_id' | 'quantity'>[],
): string[] {
  const violations: string[] = [];
  const inShipments = new Map<number, number>();
  for (const line of shipmentLines) inShipments.set(line.order_line_id, (inShipments.get(line.order_line_id) ?? 0) + line.quantity);
  for (const line of lines) {
    if (line.shipped_quantity < 0 || line.shipped_quantity > line.quantity) {
      violations.push(`order line ${line.id} shipped ${line.shipped_quantity} of ${line.quantity} units`);
    }
    const carried = inShipments.get(line.id) ?? 0;
    if (carried !== line.shipped_quantity) violations.push(`order line ${line.id} shipped ${line.shipped_quantity} units but its shipments carried ${carried}`);
  }
  for (const order of orders) {
    const own = lines.filter((line) => line.order_id === order.id);
    const shipped = own.reduce((sum, line) => sum + line.shipped_quantity, 0);
    const ordered = own.reduce((sum, line) => sum + line.quantity, 0);
    const expected = order.status === 'shipped' ? 'all' : order.status === 'partially shipped' ? 'some' : 'none';
    const actual = shipped === 0 ? 'none' : shipped === ordered ? 'all' : 'some';
    if (actual !== expected) violations.push(`order ${order.id} is '${order.status}' but ${shipped} of its ${ordered} units shipped`);
  }
  const numbers = shipments.map((shipment) => shipment.number).sort((a, b) => a - b);
  if (numbers.some((number, i) => number !== i + 1)) violations.push(`shipment numbers are not 1..${numbers.length} once each: ${numbers.join(', ')}`);
  return violations;
}

function refundViolations(orders: readonly OrderRow[], refunds: readonly RefundRow[], events: readonly { order_id: number; refund_id: number | null }[]): string[] {
  const violations: string[] = [];
  for (const order of orders) {
    const own = refunds.filter((refund) => refund.order_id === order.id);
    const given = own.reduce((sum, refund) => sum + refund.amount_cents, 0);
    if (given !== order.refunded_cents) violations.push(`order ${order.id} says ${order.refunded_cents} cents refunded but its refunds give ${given}`);
    if (order.refunded_cents > order.total_cents) violations.push(`order ${order.id} refunded ${order.refunded_cents} cents of the ${order.total_cents} it charged`);
    const wasPaid = order.invoice_number !== null;
    if (!wasPaid && given > 0) violations.push(`order ${order.id} was never paid but ${given} cents were refunded`);
    if (wasPaid && order.status === 'cancelled' && order.refunded_cents !== order.total_cents) {
      violations.push(`paid order ${order.id} is cancelled with ${order.refunded_cents} of its ${order.total_cents} cents refunded`);
    }
  }
  for (const refund of refunds) {
    const parts = refundGoodsCents(refundLinesOf(refund)) + refund.shipping_cents + refund.tax_cents;
    if (parts !== refund.amount_cents) violations.push(`refund ${refund.id} gives ${refund.amount_cents} cents but its lines, shipping and tax make ${parts}`);
    const noted = events.filter((event) => event.refund_id === refund.id);
    if (noted.length !== 1 || noted[0]!.order_id !== refund.order_id) violations.push(`refund ${refund.id} has ${noted.length} lines in its order's history`);
  }
  const numbers = refunds.map((refund) => refund.credit_note_number).sort((a, b) => a - b);
  if (numbers.some((number, i) => number !== i + 1)) violations.push(`credit note numbers are not 1..${numbers.length} once each: ${numbers.join(', ')}`);
  return violations;
}

/** Creates a product straight in the database (the tests' fixture), with its opening ledger row, and returns its id. */
export async function insertProduct(db: Db, values: { name: string; stock: number; min: number; priceCents?: number }) {
  const at = new Date().toISOString();
  const row = await db.kysely
    .insertInto('products')
    .values({
      name: values.name,
      description: 'System test part',
      img: '/images/products/tire.svg',
      price_cents: values.priceCents ?? 1000,
      stock: values.stock,
      min_quantity: values.min,
      hidden_at: null,
      sku: `SYS-${values.name}`,
      sku_key: normalisePartNumber(`SYS-${values.name}`),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.stock !== 0) {
    await db.kysely.insertInto('stock_movements').values({ product_id: row.id, change: values.stock, stock_after: values.stock, reason: 'edit', created_at: at }).execute();
  }
  return row.id;
}
