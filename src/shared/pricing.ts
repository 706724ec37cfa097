/**
 * Quantity price breaks and pack sizes, written once: the server prices every order line with these,
 * the browser shows the same prices as a quantity is typed.
 */
import { errorMessages } from './messages.js';
import { type Cents, dollarsToCents, percentOfCents } from './money.js';

/** From `minQuantity` units on, each unit costs `priceCents` (a tier). */
export interface PriceTier {
  minQuantity: number;
  priceCents: Cents;
}

/** A product's price list: its base unit price and its tiers (any order). */
export interface Pricing {
  priceCents: Cents;
  tiers: readonly PriceTier[];
}

/** At most this many tiers per product. */
export const PRICE_BREAKS_MAX = 10;

/** The unit price for a quantity: the highest tier the quantity reaches, else the base price. */
export function unitPriceCentsFor({ priceCents, tiers }: Pricing, quantity: number): Cents {
  let unit = priceCents;
  let reached = 0;
  for (const tier of tiers) {
    if (quantity >= tier.minQuantity && tier.minQuantity > reached) {
      unit = tier.priceCents;
      reached = tier.minQuantity;
    }
  }
  return unit;
}

/** A product on the wire (dollars) as a price list (cents). */
export function pricingOf(product: { price: number; priceBreaks: readonly { minQuantity: number; price: number }[] }): Pricing {
  return {
    priceCents: dollarsToCents(product.price),
    tiers: product.priceBreaks.map((tier) => ({ minQuantity: tier.minQuantity, priceCents: dollarsToCents(tier.price) })),
  };
}

/** The tier with the lowest unit price (the card's "from $81 at 500+"), if the product has tiers. */
export function bestTier(tiers: readonly PriceTier[]): PriceTier | undefined {
  return tiers.reduce<PriceTier | undefined>((best, tier) => (!best || tier.priceCents < best.priceCents ? tier : best), undefined);
}

export function isMultipleOfPack(quantity: number, packSize: number): boolean {
  return quantity % packSize === 0;
}

/** The first quantity at or above `quantity` that is a whole number of packs. */
export function roundUpToPack(quantity: number, packSize: number): number {
  return Math.ceil(quantity / packSize) * packSize;
}

/** A tier as the wire and the forms have it: from `minQuantity` units on, `price` dollars per unit. */
export interface PriceBreak {
  minQuantity: number;
  price: number;
}

/** Tiers as one spreadsheet cell: `500: 81.00; 1000: 75.50` (no tiers: empty). */
export function priceBreaksToText(tiers: readonly PriceBreak[]): string {
  return tiers.map((tier) => `${tier.minQuantity}: ${tier.price.toFixed(2)}`).join('; ');
}

/**
 * A cell of tiers read back: each `quantity: price`, separated by semicolons. Only the shape is checked
 * here; whether the numbers make tiers is the product schema's to say (with its messages).
 */
export function priceBreaksFromText(text: string): PriceBreak[] | { error: string } {
  const tiers: PriceBreak[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const pieces = part.split(':').map((piece) => piece.trim());
    const [minQuantity, price] = pieces.length === 2 ? [numberIn(pieces[0]!), numberIn(pieces[1]!.replace(/^\$\s*/, ''))] : [NaN, NaN];
    if (!Number.isFinite(minQuantity) || !Number.isFinite(price)) return { error: errorMessages.catalogImport.priceBreaksText(part.trim()) };
    tiers.push({ minQuantity, price });
  }
  return tiers;
}

/** The number a piece of text is; NaN when it is empty or not a number. */
function numberIn(text: string): number {
  return text === '' ? NaN : Number(text);
}

/**
 * A price list as it prices one part: percent off the part's list price (basis points, 1250 = 12.5 %),
 * and the list's fixed prices for this part as tiers (minQuantity 1: from the first unit).
 */
export interface ListPricing {
  discountBasisPoints: number;
  fixed: readonly PriceTier[];
}

/**
 * The list's own price for a quantity. A part the list names is priced by its fixed tiers only (the
 * highest the quantity reaches; none below the first); every other part by the discount off its list
 * price. Undefined: the list has no price for it at this quantity.
 */
export function listUnitPriceCents(listPrice: Cents, list: ListPricing, quantity: number): Cents | undefined {
  if (list.fixed.length > 0) {
    const reached = list.fixed.filter((tier) => quantity >= tier.minQuantity).sort((a, b) => b.minQuantity - a.minQuantity)[0];
    return reached?.priceCents;
  }
  if (list.discountBasisPoints <= 0) return undefined;
  return listPrice - percentOfCents(listPrice, list.discountBasisPoints / 100);
}

/**
 * What a member of a company with this list pays, as a price list of its own: at every quantity the
 * lowest of the shop's public tier price and the list's price (`listUnitPriceCents`), so a contract
 * price never costs more than the public one. Both are step functions of the quantity, so their lowest
 * changes only where one of them does; the result has a tier at each such step where the price changes.
 */
export function memberPricing(publicPricing: Pricing, list: ListPricing): Pricing {
  const unitAt = (quantity: number) => {
    const listed = listUnitPriceCents(publicPricing.priceCents, list, quantity);
    const shown = unitPriceCentsFor(publicPricing, quantity);
    return listed === undefined ? shown : Math.min(shown, listed);
  };
  const steps = [...new Set([...publicPricing.tiers, ...list.fixed].map((tier) => tier.minQuantity).filter((q) => q > 1))].sort((a, b) => a - b);
  const priceCents = unitAt(1);
  const tiers: PriceTier[] = [];
  let previous = priceCents;
  for (const minQuantity of steps) {
    const unit = unitAt(minQuantity);
    if (unit !== previous) tiers.push({ minQuantity, priceCents: unit });
    previous = unit;
  }
  return { priceCents, tiers };
}

/** Whether a list valid from/to two calendar days (inclusive, null: open) is in force on `today` (YYYY-MM-DD). */
export function priceListInForce(list: { validFrom: string | null; validTo: string | null }, today: string): boolean {
  return (list.validFrom === null || list.validFrom <= today) && (list.validTo === null || today <= list.validTo);
}
