/**
 * The one quantity rule, for the server's order checks and the browser's quantity boxes alike. A module
 * without zod: a part's page checks quantities but loads none of the form schemas (schemas.ts).
 */
import { errorMessages, messages } from './messages.js';
import { centsToDollars, formatDollars, MAX_ORDER_TOTAL_CENTS, orderTotalCents } from './money.js';
import { isMultipleOfPack, type Pricing, unitPriceCentsFor } from './pricing.js';

const v = messages.validation;

export interface QuantityBounds {
  min: number;
  stock: number;
  /** Sold in packs of this many (1: any whole number). */
  packSize?: number;
  /** With the price list, the line's total is held to what a card can be charged. */
  pricing?: Pricing;
}

export type QuantityProblem = {
  code: 'quantity_too_low' | 'quantity_not_in_packs' | 'quantity_too_high' | 'total_too_large';
  message: string;
};

/** A number of units as the shop writes it lives with the other formats. */
export { formatQuantity } from './format.js';

export const orderTotalTooLarge = () => errorMessages.orderTotalTooLarge(formatDollars(centsToDollars(MAX_ORDER_TOTAL_CENTS)));

/**
 * The one quantity rule: at least the product's min, whole packs, at most its stock (the original messages,
 * docs/legacy-contract.md#quantity),
 * within the card limit at the tier's unit price.
 */
export function quantityError(quantity: number, { min, stock, packSize = 1, pricing }: QuantityBounds): QuantityProblem | null {
  if (quantity < min) return { code: 'quantity_too_low', message: v.quantityTooLow(min) };
  if (!isMultipleOfPack(quantity, packSize)) return { code: 'quantity_not_in_packs', message: v.quantityNotInPacks(packSize) };
  if (quantity > stock) return { code: 'quantity_too_high', message: v.quantityTooHigh(stock) };
  if (pricing && orderTotalCents(unitPriceCentsFor(pricing, quantity), quantity) > MAX_ORDER_TOTAL_CENTS) {
    return { code: 'total_too_large', message: orderTotalTooLarge() };
  }
  return null;
}
