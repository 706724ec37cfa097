/**
 * The orders domain: orders and their status history. Moving an order between statuses with its
 * effects (stock, who may) is the order process's job (flows/order-process.ts), which calls
 * `changeStatus` here as its last step.
 */
import { formatCreditNoteNumber, formatInvoiceNumber, formatOrderNumber, formatShipmentNumber } from '../../shared/format.js';
import type { Order, OrderEvent, OrderLine } from '../../shared/api.js';
import { messages } from '../../shared/messages.js';
import { type Cents, centsToDollars, orderTotalCents } from '../../shared/money.js';
import { canTransition, holdsStock, isPaid, isShippable, ORDER_STATUSES, type OrderStatus, PAID_STATUS, PLACED_STATUS, statusesOf, TO_SHIP } from '../../shared/order-status.js';
import { type Executor, type NewOrder, now, type OrderLineRow, type OrderRow, timestamps } from '../db/schema.js';
import { type Viewer, isOwnerOrAdmin } from '../http/access.js';
import { forbidden, notFound } from '../http/errors.js';
import { isCompanyAdmin } from '../companies/service.js';
import type { Charges, InvoiceFacts } from '../invoices/service.js';
import { addressLines } from '../../shared/address.js';
import type { ShippingAddress } from '../../shared/checkout-schemas.js';
import type { TaxLine } from '../../shared/tax.js';
import { type AfterSale, afterSaleOf, NOTHING_AFTER_SALE } from './after-sale.js';
import { packingSlipOf, recordShipment } from './shipments.js';
import type { PackingSlipFacts } from '../invoices/service.js';
import { DELIVERY_WITHOUT_TRACKING } from '../../shared/shipments.js';
import { type ChangedBy, recordOrderEvent } from './events.js';

export { lastShippedOfLines, lockOrder, type NewShipment, type RecordedShipment, recordShipment } from './shipments.js';
export { refundsOfReturns } from './after-sale.js';

export type { ChangedBy };

export { formatInvoiceNumber };

export function toLineDto(line: OrderLineRow): OrderLine {
  return {
    productId: String(line.product_id),
    sku: line.product_sku,
    product: line.product_name,
    quantity: line.quantity,
    unitPrice: centsToDollars(line.unit_price_cents),
    listPrice: centsToDollars(line.list_price_cents),
    lineTotal: centsToDollars(lineTotalCents(line)),
    coreCharge: centsToDollars(line.core_charge_cents),
    shippedQuantity: line.shipped_quantity,
    returnedQuantity: line.returned_quantity,
  };
}

/** What a one-line order's `product` field (docs/legacy-contract.md) says on a longer order: its first part, and how many more follow. */
function headline(row: OrderRow): string {
  return row.line_count > 1 ? messages.ui.orderHeadline(row.product_name, row.line_count - 1) : row.product_name;
}

/**
 * Until when an unpaid order holds its parts: UNPAID_ORDER_TTL (`holdMs`) after it was placed, or after a
 * payment of it last began if later, so that a customer in the middle of paying does not lose the parts.
 * Never past HOLD_EXTENDED_AT_MOST holds after placing: beginning payments again and again cannot keep
 * the parts from other buyers for ever.
 *
 * A company order over its buyer's limit ('awaiting approval') holds its parts one hold after it was placed
 * (no payment can begin: its company has to approve it first), then expires. Approved, it is an unpaid order
 * like any other whose hold starts at the approval: the buyer gets the whole payment time from the moment
 * they may pay (and the bound of HOLD_EXTENDED_AT_MOST holds counts from the approval too).
 */
export function heldUntilMs(order: Pick<OrderRow, 'created_at' | 'payment_started_at' | 'approved_at'>, holdMs: number): number {
  const placed = Date.parse(order.approved_at ?? order.created_at);
  const paying = order.payment_started_at ? Math.max(placed, Date.parse(order.payment_started_at)) : placed;
  return Math.min(paying + holdMs, placed + HOLD_EXTENDED_AT_MOST * holdMs);
}

/** Statuses the shop expires once their hold ends: unpaid and holding stock ('not paid', 'awaiting approval'). */
export const EXPIRING_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => canTransition(status, 'expired', 'system'));

/** Unpaid orders that hold stock: what an account's limits on unpaid orders count. */
const UNPAID_HOLDING_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => holdsStock(status) && !isPaid(status));

/** An unpaid order holds its parts at most this many times UNPAID_ORDER_TTL after it was placed. */
export const HOLD_EXTENDED_AT_MOST = 2;

/** The order on the wire; `holdMs` (UNPAID_ORDER_TTL) says until when an unpaid order holds its parts. */
export function toOrderDto(row: OrderRow, lines: readonly OrderLineRow[], holdMs: number, afterSale: AfterSale = NOTHING_AFTER_SALE): Order {
  return {
    _id: String(row.id),
    number: formatOrderNumber(row.id),
    name: row.customer_name,
    email: row.email,
    quantity: row.quantity,
    contact: row.phone,
    address: row.address,
    productId: String(row.product_id),
    product: headline(row),
    sku: row.product_sku,
    price: centsToDollars(row.unit_price_cents),
    total: centsToDollars(row.total_cents),
    subtotal: centsToDollars(row.subtotal_cents),
    coreDeposit: centsToDollars(row.core_deposit_cents),
    shipping: centsToDollars(row.shipping_cents),
    tax: centsToDollars(row.tax_cents),
    taxLines: chargesOf(row, lines).taxLines,
    shippingAddress: shippingAddressOf(row),
    shippingMethod: row.shipping_method_id === null ? null : { id: row.shipping_method_id, name: row.shipping_method_name ?? row.shipping_method_id },
    reverseCharge: row.reverse_charge === 1,
    vatId: row.vat_id,
    taxExempt: row.tax_exemption !== null,
    lines: lines.map(toLineDto),
    poNumber: row.po_number,
    invoiceNumber: row.invoice_number === null ? null : formatInvoiceNumber(row.invoice_number),
    status: row.status,
    companyId: row.company_id,
    declineReason: row.decline_reason,
    paid: isPaid(row.status),
    transactionId: row.transaction_id,
    // Until when it holds its parts, for as long as it may expire: a waiting order until it expires unless its
    // company approves it; once approved, until it expires unpaid (the hold restarts at the approval).
    heldUntil: EXPIRING_STATUSES.includes(row.status) ? new Date(heldUntilMs(row, holdMs)).toISOString() : null,
    shipments: afterSale.shipments,
    refunds: afterSale.refunds,
    refunded: centsToDollars(row.refunded_cents),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Orders on the wire, with their lines (one query for all of them). */
export async function orderDtos(db: Executor, rows: readonly OrderRow[], holdMs: number): Promise<Order[]> {
  const ids = rows.map((row) => row.id);
  const lines = await linesOfOrders(db, ids);
  const afterSale = await afterSaleOf(db, ids);
  return rows.map((row) => toOrderDto(row, lines.get(row.id) ?? [], holdMs, afterSale.get(row.id)));
}

export async function orderDto(db: Executor, row: OrderRow, holdMs: number): Promise<Order> {
  const afterSale = await afterSaleOf(db, [row.id]);
  return toOrderDto(row, await linesOf(db, row.id), holdMs, afterSale.get(row.id));
}

export function totalCentsOf(order: OrderRow): Cents {
  return order.total_cents;
}

export function lineTotalCents(line: Pick<OrderLineRow, 'unit_price_cents' | 'quantity'>): Cents {
  return orderTotalCents(line.unit_price_cents, line.quantity);
}

/** An order's lines, in the order they were placed. */
export async function linesOf(db: Executor, orderId: number): Promise<OrderLineRow[]> {
  return db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** The lines of these orders, by order, each order's in the order they were placed. */
export async function linesOfOrders(db: Executor, orderIds: readonly number[]): Promise<Map<number, OrderLineRow[]>> {
  const byOrder = new Map<number, OrderLineRow[]>();
  for (let start = 0; start < orderIds.length; start += ORDERS_PER_LINES_QUERY) {
    const batch = orderIds.slice(start, start + ORDERS_PER_LINES_QUERY);
    const rows = await db.selectFrom('order_lines').selectAll().where('order_id', 'in', batch).orderBy('id').execute();
    for (const row of rows) {
      const lines = byOrder.get(row.order_id);
      if (lines) lines.push(row);
      else byOrder.set(row.order_id, [row]);
    }
  }
  return byOrder;
}

/** Orders named in one query of their lines: one parameter each, well under either database's limit on parameters. */
const ORDERS_PER_LINES_QUERY = 5000;

/** The invoice of a paid order, as its PDF tells it. */
export function invoiceFacts(order: OrderRow, lines: readonly OrderLineRow[]): InvoiceFacts | undefined {
  if (order.invoice_number === null) return undefined;
  const shipTo = shippingAddressOf(order);
  return {
    invoiceNumber: formatInvoiceNumber(order.invoice_number),
    issuedAt: order.invoiced_at ?? order.updated_at,
    orderId: String(order.id),
    orderedAt: order.created_at,
    poNumber: order.po_number,
    customer: { name: order.customer_name, email: order.email, phone: order.phone, address: order.address, vatId: order.vat_id },
    shipTo: shipTo && addressLines(shipTo),
    lines: lines.map(toLineDto),
    charges: chargesOf(order, lines),
    total: centsToDollars(totalCentsOf(order)),
    reverseCharge: order.reverse_charge === 1,
    taxExemption: order.tax_exemption,
    paymentReference: order.transaction_id,
  };
}

/** What an order charged beside its lines, in dollars, as its invoice and its e-mails tell it. */
export function chargesOf(order: OrderRow, lines: readonly OrderLineRow[]): Charges {
  return {
    subtotal: centsToDollars(order.subtotal_cents),
    coreDeposits: lines.map((line) => ({ coreCharge: centsToDollars(line.core_charge_cents), quantity: line.quantity })).filter((line) => line.coreCharge > 0),
    shipping: centsToDollars(order.shipping_cents),
    shippingMethod: order.shipping_method_id === null ? null : (order.shipping_method_name ?? order.shipping_method_id),
    taxLines: taxLinesOf(order).map((line) => ({ name: line.name, rate: line.rate, amount: centsToDollars(line.amountCents) })),
  };
}

/**
 * A line of a new order: the product as it is now, how many, the unit price its quantity reached, its core
 * deposit, and the tax the quote charged on its goods and deposits (none given: none charged).
 */
export type NewOrderLine = Omit<
  OrderLineRow,
  'id' | 'order_id' | 'core_charge_cents' | 'shipped_quantity' | 'returned_quantity' | 'cores_returned' | 'tax_cents' | 'core_tax_cents'
> &
  Partial<Pick<OrderLineRow, 'core_charge_cents' | 'tax_cents' | 'core_tax_cents'>>;

/**
 * A new order, in its first status ('not paid', or 'awaiting approval' for a company order over its
 * buyer's limit; `company_id` the company it was placed for), with its lines and the first line of its history, and how
 * many unpaid orders its customer had before it (the caller decides whether that is too many; its
 * transaction undoes the write if so, and holds the account, so no other order can slip in meanwhile).
 * The order row repeats its first line and counts every unit: the one-product fields of the original
 * storefront's contract (docs/legacy-contract.md).
 */
export async function createOrder(
  db: Executor,
  order: Pick<OrderValues, 'user_id' | 'customer_name' | 'email' | 'phone' | 'address' | 'po_number'> & {
    idempotency_key?: string | null;
    company_id?: number | null;
    /**
     * PLACED_STATUS unless given; given as a function, chosen by the order's total (what is charged):
     * AWAITING_APPROVAL_STATUS for a company order over its buyer's spending limit.
     */
    status?: OrderStatus | ((totalCents: Cents) => OrderStatus);
  },
  lines: readonly [NewOrderLine, ...NewOrderLine[]],
  charges: OrderCharges,
  by: ChangedBy,
): Promise<PlacedOrder & { unpaidBefore: number }> {
  const { status: statusOrRule = PLACED_STATUS, ...given } = order;
  const values = orderValues(
    {
      ...given,
      ...chargeColumns(charges),
      idempotency_key: order.idempotency_key ?? null,
      status: PLACED_STATUS,
      transaction_id: null,
      invoice_number: null,
      invoiced_at: null,
      payment_started_at: null,
      ...timestamps(),
    },
    lines,
  );
  const status = typeof statusOrRule === 'function' ? statusOrRule(values.total_cents) : statusOrRule;
  values.status = status;
  const unpaidBefore = await countUnpaidOrdersOf(db, order.user_id);
  const placed = await insertOrder(db, values, lines);
  await recordOrderEvent(db, placed.order.id, null, status, by, values.created_at);
  return { ...placed, unpaidBefore };
}

/** An order as written, with its lines in the order they were placed. */
export interface PlacedOrder {
  order: OrderRow;
  lines: OrderLineRow[];
}

/** Every column of a new order row, each given. */
type OrderValues = Required<Omit<NewOrder, 'id'>>;

/** What an order charges beside its goods, and where it goes, as the checkout quoted it. */
export interface OrderCharges {
  shippingCents: Cents;
  taxCents: Cents;
  taxLines: readonly TaxLine[];
  /** The part of taxCents charged on the shipping (the rest is on the lines). */
  shippingTaxCents: Cents;
  shippingAddress: ShippingAddress | null;
  shippingMethod: { id: string; name: string } | null;
  /** The buyer's VAT ID (checked) when given, and whether it made the order reverse-charged. */
  vatId: string | null;
  reverseCharge: boolean;
  /** The buyer's valid exemption certificate number: no tax. */
  taxExemption: string | null;
}

/** Goods only, nowhere in particular: the demo's past orders, from before the shop charged shipping. */
export const GOODS_ONLY: OrderCharges = {
  shippingCents: 0,
  taxCents: 0,
  taxLines: [],
  shippingTaxCents: 0,
  shippingAddress: null,
  shippingMethod: null,
  vatId: null,
  reverseCharge: false,
  taxExemption: null,
};

type ChargeColumns = Pick<
  OrderValues,
  'shipping_cents' | 'tax_cents' | 'tax_lines' | 'shipping_tax_cents' | 'shipping_address' | 'shipping_method_id' | 'shipping_method_name' | 'reverse_charge' | 'vat_id' | 'tax_exemption'
>;

function chargeColumns(charges: OrderCharges): ChargeColumns {
  return {
    shipping_cents: charges.shippingCents,
    tax_cents: charges.taxCents,
    tax_lines: JSON.stringify(charges.taxLines),
    shipping_tax_cents: charges.shippingTaxCents,
    shipping_address: charges.shippingAddress && JSON.stringify(charges.shippingAddress),
    shipping_method_id: charges.shippingMethod?.id ?? null,
    shipping_method_name: charges.shippingMethod?.name ?? null,
    reverse_charge: charges.reverseCharge ? 1 : 0,
    vat_id: charges.vatId,
    tax_exemption: charges.taxExemption,
  };
}

/**
 * The order's tax split onto what it was charged on (order_lines.tax_cents, core_tax_cents and the
 * order's shipping_tax_cents) adds up to its tax: a refund may give back each unit's own share. Every
 * order placed since migration 056 has it; before, an untaxed order's 0s are still the exact split, but a
 * taxed one's tax was never split (its shares all read 0).
 */
export function hasTaxSplit(order: Pick<OrderRow, 'tax_cents' | 'shipping_tax_cents'>, lines: readonly Pick<OrderLineRow, 'tax_cents' | 'core_tax_cents'>[]): boolean {
  return taxSplitCents(order, lines) === order.tax_cents;
}

/** The sum of an order's tax shares: 0 on an order placed before the split. */
export function taxSplitCents(order: Pick<OrderRow, 'shipping_tax_cents'>, lines: readonly Pick<OrderLineRow, 'tax_cents' | 'core_tax_cents'>[]): Cents {
  return lines.reduce((sum, line) => sum + line.tax_cents + line.core_tax_cents, order.shipping_tax_cents);
}

/** The tax an order charged, per rate. */
export function taxLinesOf(order: Pick<OrderRow, 'tax_lines'>): TaxLine[] {
  return JSON.parse(order.tax_lines) as TaxLine[];
}

export function shippingAddressOf(order: Pick<OrderRow, 'shipping_address'>): ShippingAddress | null {
  return order.shipping_address === null ? null : (JSON.parse(order.shipping_address) as ShippingAddress);
}

/** The order row's values: its contract's one-product fields are its first line's, and its units and total all lines'. */
function orderValues(
  order: Omit<
    OrderValues,
    | 'product_id'
    | 'product_name'
    | 'product_sku'
    | 'unit_price_cents'
    | 'quantity'
    | 'total_cents'
    | 'subtotal_cents'
    | 'core_deposit_cents'
    | 'refunded_cents'
    | 'cancelling_at'
    | 'line_count'
    | 'company_id'
    | 'decline_reason'
    | 'approved_by_user_id'
    | 'approved_at'
  > & { company_id?: number | null },
  lines: readonly [NewOrderLine, ...NewOrderLine[]],
): OrderValues {
  const [first] = lines;
  const subtotal = lines.reduce((total, line) => total + lineTotalCents(line), 0);
  const coreDeposit = lines.reduce((total, line) => total + orderTotalCents(line.core_charge_cents ?? 0, line.quantity), 0);
  return {
    ...order,
    product_id: first.product_id,
    product_name: first.product_name,
    product_sku: first.product_sku,
    unit_price_cents: first.unit_price_cents,
    quantity: lines.reduce((units, line) => units + line.quantity, 0),
    subtotal_cents: subtotal,
    core_deposit_cents: coreDeposit,
    refunded_cents: 0,
    cancelling_at: null,
    company_id: order.company_id ?? null,
    decline_reason: null,
    approved_by_user_id: null,
    approved_at: null,
    total_cents: subtotal + coreDeposit + order.shipping_cents + order.tax_cents,
    line_count: lines.length,
  };
}

/** The order row and its lines, in the order they were placed. */
async function insertOrder(db: Executor, values: OrderValues, lines: readonly [NewOrderLine, ...NewOrderLine[]]): Promise<PlacedOrder> {
  const row = await db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
  const written = await db
    .insertInto('order_lines')
    .values(lines.map((line) => ({ ...line, order_id: row.id })))
    .returningAll()
    .execute();
  return { order: row, lines: written.sort((a, b) => a.id - b.id) };
}

/** An order of the shop's past (the demo's months of sales): placed and moved on at the times given. */
export interface PastOrder {
  order: Pick<OrderValues, 'user_id' | 'customer_name' | 'email' | 'phone' | 'address' | 'po_number'>;
  lines: readonly [NewOrderLine, ...NewOrderLine[]];
  placedAt: string;
  placedBy: ChangedBy;
  /** Each later status in turn; the move to the paid status carries the payment's transaction id. */
  moves: readonly { to: OrderStatus; at: string; by: ChangedBy; transactionId?: string }[];
}

/**
 * Writes past orders as the shop would have: lines, a history chain from 'placed', and invoice numbers
 * from the sequence in the order the payments came in. Stock is not touched: those units were sold and
 * restocked long ago. Answers the orders as written, in the order given.
 */
export async function insertPastOrders(db: Executor, orders: readonly PastOrder[]): Promise<OrderRow[]> {
  const written: OrderRow[] = [];
  for (const past of orders) written.push(await insertPastOrder(db, past));
  const paid = written.filter((row) => isPaid(row.status)).sort((a, b) => a.invoiced_at!.localeCompare(b.invoiced_at!) || a.id - b.id);
  for (const row of paid) {
    const invoiceNumber = await nextInvoiceNumber(db);
    await db.updateTable('orders').set({ invoice_number: invoiceNumber }).where('id', '=', row.id).execute();
    row.invoice_number = invoiceNumber;
  }
  // A past order that shipped shipped every unit in one parcel, without tracking; numbered as they left.
  const parcels = orders.flatMap((past, i) => {
    const shipped = past.moves.find((move) => move.to === 'shipped');
    return shipped ? [{ row: written[i]!, shipped }] : [];
  });
  for (const { row, shipped } of parcels.sort((a, b) => a.shipped.at.localeCompare(b.shipped.at) || a.row.id - b.row.id)) {
    const everything = (await linesOf(db, row.id)).map((line) => ({ productId: line.product_id, quantity: line.quantity }));
    await recordShipment(db, row, { lines: everything, ...DELIVERY_WITHOUT_TRACKING, trackingUrl: null, shippedBy: shipped.by.user?.id ?? null, shippedAt: shipped.at });
  }
  return written;
}

async function insertPastOrder(db: Executor, { order, lines, placedAt, placedBy, moves }: PastOrder): Promise<OrderRow> {
  const payment = moves.find((move) => move.to === PAID_STATUS);
  const last = moves.at(-1);
  const { order: row } = await insertOrder(
    db,
    orderValues(
      {
        ...order,
        ...chargeColumns(GOODS_ONLY),
        status: last?.to ?? PLACED_STATUS,
        transaction_id: payment?.transactionId ?? null,
        idempotency_key: null,
        invoice_number: null,
        invoiced_at: payment?.at ?? null,
        payment_started_at: null,
        created_at: placedAt,
        updated_at: last?.at ?? placedAt,
      },
      lines,
    ),
    lines,
  );
  let from: OrderStatus | null = null;
  for (const move of [{ to: PLACED_STATUS, at: placedAt, by: placedBy }, ...moves]) {
    await recordOrderEvent(db, row.id, from, move.to, move.by, move.at);
    from = move.to;
  }
  return row;
}

/** A shipment's packing slip, as its PDF tells it: the parcel, its order, where it goes, its parts (no prices). */
export async function packingSlipFacts(db: Executor, shipmentId: number): Promise<PackingSlipFacts> {
  const { shipment, order, lines } = await packingSlipOf(db, shipmentId);
  const shipTo = shippingAddressOf(order);
  return {
    shipmentNumber: formatShipmentNumber(shipment.number),
    shippedAt: shipment.shipped_at,
    orderId: String(order.id),
    orderedAt: order.created_at,
    poNumber: order.po_number,
    carrier: shipment.carrier,
    trackingNumber: shipment.tracking_number,
    // Orders from before structured addresses: the buyer and the address as typed.
    shipTo: shipTo ? addressLines(shipTo) : [order.customer_name, order.address],
    lines,
  };
}

/**
 * The next invoice number. The sequence's one row stays locked until the caller's transaction ends, so
 * numbers are given one at a time, in order, and a transaction that rolls back gives its number back.
 */
export async function nextInvoiceNumber(db: Executor): Promise<number> {
  const row = await db
    .updateTable('invoice_sequence')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('id', '=', 1)
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}

export async function findOrder(db: Executor, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getOrder(db: Executor, id: number): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order) throw notFound('Order');
  return order;
}

/**
 * The order, if the viewer placed it, is an admin, or is an admin of the company it was placed for (who
 * see all its orders); anyone else is told there is no such order (404), as for an id never used.
 */
export async function getOrderFor(db: Executor, viewer: Viewer, id: number): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order) throw notFound('Order');
  if (isOwnerOrAdmin(viewer, order.user_id)) return order;
  if (order.company_id !== null && (await isCompanyAdmin(db, viewer.id, order.company_id))) return order;
  throw notFound('Order');
}

/** The order, if the viewer placed it (paying is the owner's alone). */
export async function getOwnOrder(db: Executor, viewer: Viewer, id: number): Promise<OrderRow> {
  const order = await getOrder(db, id);
  if (order.user_id !== viewer.id) throw forbidden();
  return order;
}

export async function listOrdersOfUser(db: Executor, userId: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/**
 * Orders that may expire ('not paid', 'awaiting approval') whose hold (`heldUntilMs`) ended before `at`,
 * oldest first. The hold starts at the approval of an approved order, else at its placing.
 */
export async function listUnpaidHoldsEndedBy(db: Executor, at: number, holdMs: number, limit: number): Promise<OrderRow[]> {
  const oneHoldAgo = new Date(at - holdMs).toISOString();
  const longestHoldAgo = new Date(at - HOLD_EXTENDED_AT_MOST * holdMs).toISOString();
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', EXPIRING_STATUSES)
    .where('created_at', '<', oneHoldAgo)
    .where((eb) => eb(eb.fn.coalesce('approved_at', 'created_at'), '<', oneHoldAgo))
    .where((eb) =>
      eb.or([
        eb('payment_started_at', 'is', null),
        eb('payment_started_at', '<', oneHoldAgo),
        eb(eb.fn.coalesce('approved_at', 'created_at'), '<', longestHoldAgo),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A payment of this unpaid order begins now: its hold runs from now (within `heldUntilMs`'s bound). */
export async function notePaymentStarted(db: Executor, orderId: number): Promise<void> {
  await db.updateTable('orders').set({ payment_started_at: now() }).where('id', '=', orderId).where('status', '=', PLACED_STATUS).execute();
}

/** Holds a paid order for its cancel while the provider refunds it (shipping refuses it), or lets it go again. */
export async function holdForCancel(db: Executor, orderId: number, held: boolean): Promise<void> {
  await db.updateTable('orders').set({ cancelling_at: held ? now() : null }).where('id', '=', orderId).execute();
}

/** What this account's unpaid orders hold together: their total, and the units of each of these parts. */
export async function unpaidHoldOf(db: Executor, userId: number, productIds: readonly number[]): Promise<{ valueCents: number; units: Map<number, number> }> {
  const value = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('total_cents'), eb.lit(0)).as('cents'))
    .where('user_id', '=', userId)
    .where('status', 'in', UNPAID_HOLDING_STATUSES)
    .executeTakeFirstOrThrow();
  const parts = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select((eb) => ['order_lines.product_id', eb.fn.sum<number | string>('order_lines.quantity').as('held')])
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', UNPAID_HOLDING_STATUSES)
    .where('order_lines.product_id', 'in', productIds)
    .groupBy('order_lines.product_id')
    .execute();
  return { valueCents: Number(value.cents), units: new Map(parts.map((row) => [row.product_id, Number(row.held)])) };
}

/** The order this account placed with this idempotency key, if any. */
export function orderByIdempotencyKey(db: Executor, userId: number, key: string) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key);
}

export async function findOrderByIdempotencyKey(db: Executor, userId: number, key: string): Promise<OrderRow | undefined> {
  return orderByIdempotencyKey(db, userId, key).executeTakeFirst();
}

/** Orders with a line of this product by where they stand: unpaid (holding stock) and paid with units still to ship. */
export async function openOrdersOfProduct(db: Executor, productId: number): Promise<{ unpaid: OrderRow[]; toShip: number }> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', 'in', (eb) => eb.selectFrom('order_lines').select('order_id').where('product_id', '=', productId))
    .where('status', 'in', [...UNPAID_HOLDING_STATUSES, ...statusesOf(TO_SHIP)])
    .execute();
  return { unpaid: rows.filter((row) => UNPAID_HOLDING_STATUSES.includes(row.status)), toShip: rows.filter((row) => isShippable(row.status)).length };
}

async function countUnpaidOrdersOf(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', 'in', UNPAID_HOLDING_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function hasOrdersForProduct(db: Executor, productId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('order_lines').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst());
}

/**
 * Which of these parts the account has bought: a paid order of theirs has a line of it (unpaid,
 * cancelled and expired orders do not count). A review of such a part is a verified purchase.
 */
export async function partsBoughtBy(db: Executor, userId: number, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select('order_lines.product_id')
    .distinct()
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', ORDER_STATUSES.filter(isPaid))
    .where('order_lines.product_id', 'in', productIds)
    .execute();
  return new Set(rows.map((row) => row.product_id));
}

/**
 * Counts units of a line the buyer sent back: `units` returned (new parts) and `cores` (old units for their
 * deposit), together only while they stay within what was shipped (each shipped unit comes back once, whole
 * or as its core; one conditional update). False when they would not: the caller's transaction undoes the rest.
 */
export async function countReturnedUnits(db: Executor, orderLineId: number, { units, cores }: { units: number; cores: number }): Promise<boolean> {
  const counted = await db
    .updateTable('order_lines')
    .set((eb) => ({ returned_quantity: eb('returned_quantity', '+', units), cores_returned: eb('cores_returned', '+', cores) }))
    .where('id', '=', orderLineId)
    .where((eb) => eb(eb(eb('returned_quantity', '+', units), '+', eb(eb.ref('cores_returned'), '+', cores)), '<=', eb.ref('shipped_quantity')))
    .returning('id')
    .executeTakeFirst();
  return counted !== undefined;
}

/** What a status change may write besides the status: the payment's id, the invoice number, a company's decision on it. */
export type StatusChanges = Partial<Pick<OrderRow, 'transaction_id' | 'invoice_number' | 'invoiced_at' | 'approved_by_user_id' | 'approved_at' | 'decline_reason'>>;

/**
 * Writes a status change and its history event. The update is conditional on the status the order
 * was read with, so of two racing changes one wins; the loser gets undefined.
 */
export async function changeStatus(
  db: Executor,
  order: OrderRow,
  to: OrderStatus,
  by: ChangedBy,
  changes: StatusChanges = {},
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

/**
 * An order's history, for its customer or an admin (others: 404). Its customer sees who moved it only
 * where that was the customer; an admin's name and e-mail stay with the staff.
 */
export async function getOrderHistory(db: Executor, viewer: Viewer, orderId: number): Promise<OrderEvent[]> {
  await getOrderFor(db, viewer, orderId);
  const events = await db
    .selectFrom('order_events')
    .leftJoin('refunds', 'refunds.id', 'order_events.refund_id')
    .select(['from_status', 'to_status', 'actor', 'actor_user_id', 'actor_name', 'actor_email', 'order_events.created_at', 'refund_id', 'refunds.amount_cents', 'refunds.credit_note_number'])
    .where('order_events.order_id', '=', orderId)
    .orderBy('order_events.id', 'asc')
    .execute();
  return events.map((event) => ({
    from: event.from_status,
    to: event.to_status,
    actor: event.actor,
    by: event.actor_email && (viewer.role === 'admin' || event.actor_user_id === viewer.id) ? { name: event.actor_name ?? '', email: event.actor_email } : null,
    at: event.created_at,
    ...(event.refund_id !== null && event.amount_cents !== null && event.credit_note_number !== null
      ? { refund: { id: String(event.refund_id), amount: centsToDollars(event.amount_cents), creditNote: formatCreditNoteNumber(event.credit_note_number) } }
      : {}),
  }));
}

export {
  creditNoteFacts,
  findRefundOfReturn,
  getRefundFor,
  nextCreditNoteNumber,
  type NewRefund,
  recordRefund,
  refundGoodsCents,
  type RefundLine,
  refundLinesOf,
} from './refunds.js';

/** Paid orders with units still to ship (the staff home). */
export async function countOrdersToShip(db: Executor): Promise<number> {
  const row = await db.selectFrom('orders').where('status', 'in', statusesOf(TO_SHIP)).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
export { salesToday } from './stats.js';

/**
 * What each of `companyIds` spent: the totals of its paid orders (waiting to ship or shipped) placed at or
 * after `since` (ISO-8601), in cents; a company without any is absent.
 */
export async function companySpendingSince(db: Executor, companyIds: readonly number[], since: string): Promise<Map<number, Cents>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['company_id', eb.fn.sum<number | string>('total_cents').as('spent')])
    .where('company_id', 'in', [...companyIds])
    .where('status', 'in', ORDER_STATUSES.filter(isPaid))
    .where('created_at', '>=', since)
    .groupBy('company_id')
    .execute();
  return new Map(rows.map((row) => [row.company_id!, Number(row.spent)]));
}

/** Records the orders `userId` placed as their company's (demo data: a trade customer's past orders). */
export async function assignOrdersToCompany(db: Executor, userId: number, companyId: number): Promise<void> {
  await db.updateTable('orders').set({ company_id: companyId }).where('user_id', '=', userId).execute();
}
