/** Placing orders: the orders domain with the catalog's stock (delivering: ship-order.ts; cancelling: refunds.ts, a paid order's money goes back). */
import { errorMessages, messages } from '../../shared/messages.js';
import { centsToDollars, formatDollars, MAX_ORDER_TOTAL_CENTS } from '../../shared/money.js';
import { unitPriceCentsFor } from '../../shared/pricing.js';
import type { OrderInput, ShippingAddress } from '../../shared/checkout-schemas.js';
import { orderTotalTooLarge, type QuantityProblem, quantityError } from '../../shared/quantity.js';
import { currentStock, reserveStock, visibleProductsById } from '../catalog/service.js';
import type { Executor, OrderRow, ProductRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.js';
import { type Counters, ORDER_RATE_WINDOW_MS } from '../limits/service.js';
import { createOrder, findOrderByIdempotencyKey, linesOf, type NewOrderLine, type OrderCharges, type PlacedOrder, unpaidHoldOf } from '../orders/service.js';
import { getOwnAddress } from '../addresses/service.js';
import { membershipOf } from '../companies/service.js';
import type { Config } from '../config.js';
import { addressOneLine } from '../../shared/address.js';
import { compactVatId } from '../../shared/vat-id.js';
import { type BuyerPricing, pricingForBuyer } from './buyer-pricing.js';
import { quoteDelivery, quoteLineOf } from './checkout-quote.js';
import { holdAccount } from '../users/service.js';
import { lockedMembershipOf } from '../companies/service.js';
import { AWAITING_APPROVAL_STATUS, PLACED_STATUS } from '../../shared/order-status.js';
import { type CachedAnswers, inOrderTransaction } from './order-process.js';

/**
 * Why a line cannot be ordered, as the answer says it. A one-product order reports on `quantity`, as the
 * original storefront's contract (docs/legacy-contract.md) fixes; a line of a longer order is named by its
 * part in the message and by its place in `fields`.
 */
class LineProblems {
  private first: { status: number; code: string; message: string } | null = null;
  private readonly fields: Record<string, string> = {};

  constructor(private readonly input: OrderInput) {}

  add(index: number, field: 'productId' | 'quantity', part: string, status: number, code: string, problem: string): void {
    const key = this.input.singleProduct ? field : `lines.${index}.${field}`;
    this.fields[key] ??= problem;
    const message = this.input.singleProduct ? problem : errorMessages.orderLineProblem(part, index + 1, problem);
    this.first ??= { status, code, message };
  }

  throwAny(): void {
    if (!this.first) return;
    const { status, code, message } = this.first;
    if (this.input.singleProduct && status === 404) throw notFound('Product');
    throw new HttpError(status, code, message, this.fields);
  }
}

const partName = (product: ProductRow) => `${product.sku} ${product.name}`;

function addQuantityProblem(problems: LineProblems, index: number, product: ProductRow, problem: QuantityProblem): void {
  if (problem.code === 'quantity_too_high') problems.add(index, 'quantity', partName(product), 409, 'out_of_stock', problem.message);
  else problems.add(index, 'quantity', partName(product), 400, 'validation', problem.message);
}

/**
 * Every line priced at the tier its quantity reaches of what the buyer pays (a member's list applied;
 * `list_price_cents` stays the public list price), or the first problem (all of them in `fields`).
 */
function priceLines(input: OrderInput, products: Map<number, ProductRow>, buyer: BuyerPricing): [NewOrderLine, ...NewOrderLine[]] {
  const problems = new LineProblems(input);
  const lines: NewOrderLine[] = [];
  input.lines.forEach(({ productId, quantity }, index) => {
    const product = products.get(productId);
    if (!product) return problems.add(index, 'productId', errorMessages.unknownPart(productId), 404, 'not_found', errorMessages.productNotForSale);
    const pricing = buyer.of(product);
    const bounds = { min: product.min_quantity, stock: product.stock, packSize: product.pack_size, pricing };
    const problem = quantityError(quantity, bounds);
    if (problem) return addQuantityProblem(problems, index, product, problem);
    lines.push({
      product_id: product.id,
      product_name: product.name,
      product_sku: product.sku,
      quantity,
      unit_price_cents: unitPriceCentsFor(pricing, quantity),
      list_price_cents: product.price_cents,
      core_charge_cents: product.core_charge_cents,
    });
  });
  problems.throwAny();
  return lines as [NewOrderLine, ...NewOrderLine[]];
}

/** Where the order goes: the address given, or the buyer's own saved one. */
async function shippingAddressOf(trx: Executor, viewer: Viewer, input: OrderInput): Promise<ShippingAddress> {
  if (input.shippingAddress) return input.shippingAddress;
  const { id: _id, isDefault: _isDefault, ...saved } = await getOwnAddress(trx, viewer.id, input.addressId!, (await membershipOf(trx, viewer.id))?.companyId ?? null);
  return saved;
}

/**
 * Shipping and tax for the priced lines, with the quote's own function and the tables as this transaction
 * reads them: what the buyer was quoted is what is charged, and kept with the order, its tax split onto the
 * lines it was charged on (`lines`, as given with their tax). The whole charge must stay within what one
 * card payment may be.
 */
async function chargesOf(
  trx: Executor,
  viewer: Viewer,
  input: OrderInput,
  lines: readonly [NewOrderLine, ...NewOrderLine[]],
  products: Map<number, ProductRow>,
  buyer: BuyerPricing,
  config: Pick<Config, 'checkout' | 'shop'>,
): Promise<{ charges: OrderCharges & { shippingAddress: ShippingAddress }; lines: [NewOrderLine, ...NewOrderLine[]] }> {
  const address = await shippingAddressOf(trx, viewer, input);
  const quoteLines = lines.map((line) => {
    const product = products.get(line.product_id)!;
    return quoteLineOf(product, line.quantity, buyer.of(product));
  });
  const { quote, vatId, exemption } = await quoteDelivery(trx, viewer, quoteLines, { to: address, shippingMethodId: input.shippingMethodId, vatId: input.vatId }, config);
  if (quote.totalCents > MAX_ORDER_TOTAL_CENTS) throw badRequest(orderTotalTooLarge(), { [input.singleProduct ? 'quantity' : 'lines']: orderTotalTooLarge() });
  const charges = {
    shippingCents: quote.shippingCents,
    taxCents: quote.taxCents,
    taxLines: quote.taxLines,
    shippingTaxCents: quote.shippingTaxCents,
    shippingAddress: address,
    shippingMethod: { id: quote.method.id, name: quote.method.name },
    vatId: vatId && compactVatId(`${vatId.prefix}${vatId.number}`),
    reverseCharge: quote.reverseCharge,
    taxExemption: exemption?.certificate ?? null,
  };
  const taxOf = (line: NewOrderLine, i: number): NewOrderLine => ({ ...line, tax_cents: quote.lines[i]!.taxCents, core_tax_cents: quote.lines[i]!.coreTaxCents });
  const [first, ...rest] = lines;
  return { charges, lines: [taxOf(first, 0), ...rest.map((line, i) => taxOf(line, i + 1))] };
}

/**
 * Takes every line's units from stock for the order just written, or none (the caller's transaction rolls
 * back). The reservation itself refuses to take more than there is, so what was read before may be stale.
 */
async function reserveLines(trx: Executor, input: OrderInput, order: OrderRow, lines: readonly NewOrderLine[], buyer: Viewer): Promise<void> {
  const short = await reserveStock(trx, lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })), { orderId: order.id, by: buyer });
  if (short === undefined) return;
  const index = lines.findIndex((line) => line.product_id === short);
  const line = lines[index]!;
  const problems = new LineProblems(input);
  problems.add(index, 'quantity', `${line.product_sku} ${line.product_name}`, 409, 'out_of_stock', messages.validation.quantityTooHigh(await currentStock(trx, short)));
  problems.throwAny();
}

/** What one account's unpaid orders may hold together (UNPAID_HOLD_MAX_VALUE, UNPAID_HOLD_MAX_SHARE). */
export interface HoldLimits {
  maxValueCents: number;
  maxSharePercent: number;
}

/**
 * Refuses an order that would make its account's unpaid orders (this one written, its units taken) hold
 * too much: more than `maxValueCents` together, or more than `maxSharePercent` of a part's units for sale
 * (what is left in stock and what this account holds of it). An account may always hold one minimum
 * order quantity of a part, or a part scarcer than two minimums could never be bought at all.
 */
async function assertHoldWithinLimits(trx: Executor, viewer: Viewer, input: OrderInput, lines: readonly NewOrderLine[], limits: HoldLimits) {
  const productIds = lines.map((line) => line.product_id);
  const hold = await unpaidHoldOf(trx, viewer.id, productIds);
  if (hold.valueCents > limits.maxValueCents) {
    const message = errorMessages.unpaidHoldTooValuable(formatDollars(centsToDollars(limits.maxValueCents)));
    throw conflict('unpaid_hold_too_valuable', message);
  }
  // Read after this order's units were taken (and their rows locked): what is left in stock now.
  const products = await visibleProductsById(trx, productIds);
  const problems = new LineProblems(input);
  lines.forEach((line, index) => {
    const product = products.get(line.product_id);
    const held = hold.units.get(line.product_id) ?? line.quantity;
    if (!product) return;
    const most = Math.max(product.min_quantity, Math.floor((limits.maxSharePercent * (product.stock + held)) / 100));
    if (held <= most) return;
    const more = Math.max(0, most - (held - line.quantity));
    problems.add(index, 'quantity', partName(product), 409, 'unpaid_hold_too_large', errorMessages.unpaidHoldShareTooLarge(limits.maxSharePercent, more));
  });
  problems.throwAny();
}

/**
 * Places an order of one or many lines and reserves all their stock in one transaction, with the
 * effects of placing it (flows/order-process.ts); a retry with the same idempotency key answers the
 * order it placed and changes nothing. An account holds at most `maxUnpaidOrders` unpaid orders (each
 * holds stock), and those hold at most `unpaidHold` together: the account is held while they are
 * counted (with the order's write; over a limit, the transaction undoes it), so parallel requests
 * cannot slip past the limits together. An account places at most `orderRateLimit` orders in
 * ORDER_RATE_WINDOW_MS (counted by `counters`, which every server shares on PostgreSQL).
 */
export async function placeOrder(
  db: Executor,
  cache: CachedAnswers,
  viewer: Viewer,
  input: OrderInput,
  options: {
    maxUnpaidOrders: number;
    unpaidHold: HoldLimits;
    orderRateLimit: number;
    counters: Counters;
    idempotencyKey?: string;
  } & Pick<Config, 'checkout' | 'shop'>,
): Promise<PlacedOrder> {
  const { maxUnpaidOrders, idempotencyKey } = options;
  const { count } = await options.counters.hit(`orders:${viewer.id}`, ORDER_RATE_WINDOW_MS);
  if (count > options.orderRateLimit) {
    // A retry of an order already placed still gets its order.
    const earlier = idempotencyKey ? await findOrderByIdempotencyKey(db, viewer.id, idempotencyKey) : undefined;
    if (earlier) return { order: earlier, lines: await linesOf(db, earlier.id) };
    throw new HttpError(429, 'too_many_orders', errorMessages.tooManyOrders(options.orderRateLimit));
  }
  return inOrderTransaction(db, cache, async (moves) => {
    const { trx } = moves;
    await holdAccount(trx, viewer.id);
    // A retry of an attempt that already placed its order (the answer was lost on the way) gets that order.
    const earlier = idempotencyKey ? await findOrderByIdempotencyKey(trx, viewer.id, idempotencyKey) : undefined;
    if (earlier) return { order: earlier, lines: await linesOf(trx, earlier.id) };
    const products = await visibleProductsById(trx, input.lines.map((line) => line.productId));
    const buyer = await pricingForBuyer(trx, viewer, products.values(), options.shop);
    const { charges, lines } = await chargesOf(trx, viewer, input, priceLines(input, products, buyer), products, buyer, options);
    const placedBy = { actor: 'customer', user: viewer } as const;
    // A member of an approved company orders for it too; over their spending limit, the order waits for an
    // admin of the company. Read (and on PostgreSQL held) in this transaction: a limit lowered or a member
    // removed meanwhile waits for this order, so it cannot pass on a limit that no longer holds.
    const membership = await lockedMembershipOf(trx, viewer.id);
    const limitCents = membership?.spendingLimitCents ?? null;
    const { unpaidBefore, ...placed } = await createOrder(
      trx,
      {
        user_id: viewer.id,
        customer_name: viewer.name,
        email: viewer.email,
        phone: input.phone,
        address: addressOneLine(charges.shippingAddress),
        po_number: input.poNumber,
        idempotency_key: idempotencyKey ?? null,
        company_id: membership?.companyId ?? null,
        status: (totalCents) => (limitCents !== null && totalCents > limitCents ? AWAITING_APPROVAL_STATUS : PLACED_STATUS),
      },
      lines,
      charges,
      placedBy,
    );
    // After the order is written, so that the ledger names it; its rows stay locked until the commit.
    await reserveLines(trx, input, placed.order, lines, viewer);
    if (unpaidBefore >= maxUnpaidOrders) throw conflict('too_many_unpaid_orders', errorMessages.tooManyUnpaidOrders(maxUnpaidOrders));
    await assertHoldWithinLimits(trx, viewer, input, lines, options.unpaidHold);
    await moves.placed(placed.order, placed.lines, placedBy);
    return placed;
  });
}
