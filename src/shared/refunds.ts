/**
 * What a return refunds, written once (the server refunds it, the staff's screens may show it before).
 * The received units at the unit price paid, each with its exact share of the line's tax; the deposits of
 * the cores received, with theirs; the order's shipping and its tax when the shop was at fault; never more
 * than is left of what the order charged.
 *
 * A share is cumulative, so that partial returns add up to the cent: the tax of the units returned so far
 * is round(line tax × units so far / units ordered), and one refund's tax is that after it minus that before
 * it. However a line comes back, in how many returns, its units together give back exactly its tax.
 */
import { type Cents, orderTotalCents, shareOfCents } from './money.js';

/** One order line as it was charged, what of it was refunded before, and what comes back now. */
export interface RefundLineFacts {
  /** Units ordered. */
  quantity: number;
  unitPriceCents: Cents;
  /** The tax charged on the line's goods (all its units). */
  taxCents: Cents;
  /** The core deposit per unit (0: none), and the tax charged on the line's deposits (all its units). */
  coreChargeCents: Cents;
  coreTaxCents: Cents;
  /** Units and cores refunded before this refund. */
  unitsBefore: number;
  coresBefore: number;
  /** Units and cores this refund gives back (received, damaged or not). */
  units: number;
  cores: number;
}

export interface RefundFacts {
  lines: readonly RefundLineFacts[];
  /** The order's shipping and the tax on it, whether it was refunded before, and whether this refund gives it back. */
  shipping: { cents: Cents; taxCents: Cents; refundedBefore: boolean; refundNow: boolean };
  /** What the order charged and has not refunded yet (total − refunded). */
  leftCents: Cents;
}

export interface RefundFigures {
  /** The units' prices and the cores' deposits. */
  goodsCents: Cents;
  /** Of the goods, the cores' deposits. */
  coresCents: Cents;
  taxCents: Cents;
  shippingCents: Cents;
  /** goods + tax + shipping. */
  amountCents: Cents;
  /** True when what is left of the charge was less than the parts (shipping, then tax, were cut). */
  capped: boolean;
}

/** `after` minus `before` units' share of `cents` over `whole` units. */
const shareBetween = (cents: Cents, before: number, after: number, whole: number): Cents =>
  shareOfCents(cents, after, whole) - shareOfCents(cents, before, whole);

export function refundOf({ lines, shipping, leftCents }: RefundFacts): RefundFigures {
  let unitsCents = 0;
  let coresCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    unitsCents += orderTotalCents(line.unitPriceCents, line.units);
    coresCents += orderTotalCents(line.coreChargeCents, line.cores);
    taxCents += shareBetween(line.taxCents, line.unitsBefore, line.unitsBefore + line.units, line.quantity);
    taxCents += shareBetween(line.coreTaxCents, line.coresBefore, line.coresBefore + line.cores, line.quantity);
  }
  const givesShipping = shipping.refundNow && !shipping.refundedBefore;
  let shippingCents = givesShipping ? shipping.cents : 0;
  if (givesShipping) taxCents += shipping.taxCents;
  const goodsCents = unitsCents + coresCents;
  // Never more than is left: whatever is over comes off the shipping, then the tax (the goods are what
  // came back, and a credit note lists them whole).
  let over = Math.max(0, goodsCents + taxCents + shippingCents - Math.max(0, leftCents));
  const capped = over > 0;
  const offShipping = Math.min(over, shippingCents);
  shippingCents -= offShipping;
  over -= offShipping;
  const offTax = Math.min(over, taxCents);
  taxCents -= offTax;
  over -= offTax;
  if (over > 0) throw new RefundAboveChargedError(goodsCents, leftCents);
  return { goodsCents, coresCents, taxCents, shippingCents, amountCents: goodsCents + taxCents + shippingCents, capped };
}

/** The goods that came back alone are worth more than is left of the charge: the data is wrong, nothing may be refunded. */
export class RefundAboveChargedError extends Error {
  constructor(
    readonly goodsCents: Cents,
    readonly leftCents: Cents,
  ) {
    super(`the goods returned (${goodsCents} cents) are worth more than is left of the charge (${leftCents} cents)`);
  }
}

/**
 * An order's tax split over what it was charged on, for an order whose tax was kept whole (placed before
 * the tax was split by line): in proportion to each amount, with cumulative shares so that the parts add
 * up to the tax exactly. `amounts` in cents (each line's goods, each line's deposits, the shipping).
 */
export function splitTax(taxCents: Cents, amounts: readonly Cents[]): Cents[] {
  const whole = amounts.reduce((sum, amount) => sum + amount, 0);
  let before = 0;
  return amounts.map((amount) => {
    const share = shareBetween(taxCents, before, before + amount, whole);
    before += amount;
    return share;
  });
}
