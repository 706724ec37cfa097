import { formatMoney } from './format.js';
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

/**
 * `percent` % of an amount, rounded half-up to the cent (the one rounding rule for tax, applied per
 * line): 999 at 2.5 % is 24.975, so 25. Rates have at most three decimals; the sum is done in integers.
 */
export function percentOfCents(cents: Cents, percent: number): Cents {
  const thousandthsOfPercent = Math.round(percent * 1000);
  return Math.floor((2 * cents * thousandthsOfPercent + 100_000) / 200_000);
}

/**
 * The share of `cents` that `part` of `whole` units carry, rounded half-up to the cent, in integers:
 * 1000 cents over 3 units, 1 unit's share is 333.33…, so 333; 2 units' 666.66…, so 667.
 */
export function shareOfCents(cents: Cents, part: number, whole: number): Cents {
  if (whole <= 0) return 0;
  return Math.floor((2 * cents * part + whole) / (2 * whole));
}

/** Cents as a price with the cents always shown: 1100 → "$11.00", 500000 → "$5,000.00". */
export function formatCents(cents: Cents): string {
  return formatMoney(cents / 100);
}
