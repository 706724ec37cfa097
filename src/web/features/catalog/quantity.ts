import type { Product } from '../../../shared/api.js';
import { messages } from '../../../shared/messages.js';
import { type Cents, centsToDollars, formatDollars, orderTotalCents } from '../../../shared/money.js';
import { type Pricing, pricingOf, roundUpToPack, unitPriceCentsFor } from '../../../shared/pricing.js';
import { quantityError, type QuantityBounds } from '../../../shared/quantity.js';
import { buyerPricing, hasYourPrice } from './your-price.js';

/** A product's bounds, priced for this buyer; for a trade account member also the public prices to compare with. */
export type BuyerBounds = Required<QuantityBounds> & { publicPricing?: Pricing | null };

/**
 * Everything the server checks a quantity of this product against: min, whole packs, stock, the card limit; priced
 * at what this buyer pays (a member's own prices), with the public ones beside them for a member.
 */
export function quantityBounds(product: Product): BuyerBounds {
  return {
    min: product.min,
    stock: product.stock,
    packSize: product.packSize,
    pricing: buyerPricing(product),
    publicPricing: hasYourPrice(product) ? pricingOf(product) : null,
  };
}

/** What is wrong with a typed quantity, in the server's words, or null when the shop accepts it. */
export function typedQuantityProblem(typed: string, bounds: QuantityBounds): string | null {
  if (typed.trim() === '') return messages.validation.quantityRequired;
  const quantity = Number(typed);
  if (!Number.isInteger(quantity)) return messages.validation.quantityWhole;
  return quantityError(quantity, bounds)?.message ?? null;
}

/** Cents as the shop shows dollars, without the "$": 8100 -> "81", 1250 -> "12.50". */
export const dollars = (cents: Cents) => formatDollars(centsToDollars(cents));

export interface LinePrice {
  unitCents: Cents;
  /** The base price, above `unitCents` when a price break applies. */
  listCents: Cents;
  totalCents: Cents;
  /** The next price break this line could reach (a whole number of packs, within the stock). */
  next: { quantity: number; unitCents: Cents } | null;
  /** A trade account member's line: the public unit price at this quantity ("Your price" beside it); else null. */
  publicCents: Cents | null;
}

/** A valid quantity's prices: the tier it reaches, its total, and the next tier up. */
export function linePrice(bounds: BuyerBounds, quantity: number): LinePrice {
  const { pricing, packSize, stock } = bounds;
  const unitCents = unitPriceCentsFor(pricing, quantity);
  const reachable = pricing.tiers
    .filter((tier) => tier.minQuantity > quantity)
    .map((tier) => roundUpToPack(tier.minQuantity, packSize))
    .filter((start) => start <= stock);
  const nextQuantity = reachable.length > 0 ? Math.min(...reachable) : null;
  const next = nextQuantity === null ? null : { quantity: nextQuantity, unitCents: unitPriceCentsFor(pricing, nextQuantity) };
  return {
    unitCents,
    listCents: pricing.priceCents,
    totalCents: orderTotalCents(unitCents, quantity),
    next: next && next.unitCents < unitCents ? next : null,
    publicCents: bounds.publicPricing ? unitPriceCentsFor(bounds.publicPricing, quantity) : null,
  };
}
