/**
 * Quantity price breaks and pack sizes, written once: the server prices every order line with these,
 * the browser shows the same prices as a quantity is typed.
 */
import { errorMessages } from './messages.js';
import { type Cents, dollarsToCents } from './money.js';

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
