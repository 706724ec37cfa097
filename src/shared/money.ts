/** Money is integer cents everywhere inside; dollars (up to two decimals) only on the wire and on screen. */
export type Cents = number;

export function dollarsToCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

/** True when a dollar amount has at most two decimals (e.g. 12.99, not 12.999). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** The most one order may total: what a card charge can be ($999,999.99). */
export const MAX_ORDER_TOTAL_CENTS: Cents = 99_999_999;

export function orderTotalCents(unitPriceCents: Cents, quantity: number): Cents {
  return unitPriceCents * quantity;
}

/** Money as people read it lives with the other formats. */
export { formatDollars } from './format.js';
