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

// Each formatter is built at its first use and kept: toLocaleString builds one per call, which made it the top
// frame of a 20-line order's e-mail; built while the module loads, they lengthened the browser's first task
// (Lighthouse's blocking time on the home page).
let wholeDollars: Intl.NumberFormat | undefined;
let dollarsAndCents: Intl.NumberFormat | undefined;

/** "$1,234.50" style without the dollar sign: 1234.5 -> "1,234.50"; whole amounts keep no decimals: 94 -> "94". */
export function formatDollars(dollars: number): string {
  if (Number.isInteger(dollars)) return (wholeDollars ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(dollars);
  return (dollarsAndCents ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(dollars);
}

