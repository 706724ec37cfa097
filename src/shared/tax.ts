/**
 * Tax rules, written once: which rate applies to a line and to shipping, the tax of an order listed per
 * rate, and when an EU business buyer pays none (reverse charge). Prices are net; tax is added.
 */
import type { Destination, TaxClass, TaxRate } from './checkout-schemas.js';
import { isInEu } from './geography.js';
import { type Cents, percentOfCents } from './money.js';
import type { VatId } from './vat-id.js';

/** The rate for a tax class at a destination: the region's over the country's; none means no tax. */
export function rateFor(rates: readonly TaxRate[], to: Destination, taxClass: TaxClass): TaxRate | undefined {
  let countryRate: TaxRate | undefined;
  for (const rate of rates) {
    if (rate.country !== to.country || rate.taxClass !== taxClass) continue;
    if (rate.region && rate.region === to.region) return rate;
    if (!rate.region) countryRate ??= rate;
  }
  return countryRate;
}

export interface TaxedLine {
  lineTotalCents: Cents;
  /** The line's core deposits (every unit's): taxed as the part is, rounded on their own. */
  coreDepositCents: Cents;
  taxClass: TaxClass;
}

export interface TaxLine {
  name: string;
  /** Percent, e.g. 6.25. */
  rate: number;
  amountCents: Cents;
}

/**
 * An order's tax, listed per rate and split by what it was charged on: each goods line, each line's core
 * deposits, the shipping. The split sums to the per-rate list exactly (they are the same roundings), so a
 * refund can give back each unit's own share.
 */
export interface OrderTax {
  taxLines: TaxLine[];
  /** In the lines' order: the tax of the goods and of the core deposits. */
  lines: { taxCents: Cents; coreTaxCents: Cents }[];
  shippingTaxCents: Cents;
  taxCents: Cents;
}

/** No tax at all (reverse charge, exemption): every share 0. */
export function untaxed(lines: readonly TaxedLine[]): OrderTax {
  return { taxLines: [], lines: lines.map(() => ({ taxCents: 0, coreTaxCents: 0 })), shippingTaxCents: 0, taxCents: 0 };
}

/**
 * The tax of an order, one line per rate (in the order the rates are first met): each goods line's tax
 * and each line's core deposits' tax rounded half-up to the cent on its own, then shipping's, taxed at
 * the destination's standard rate when that rate says `shipping`.
 */
export function orderTax(rates: readonly TaxRate[], to: Destination, lines: readonly TaxedLine[], shippingCents: Cents): OrderTax {
  const byRate = new Map<string, TaxLine>();
  const add = (rate: TaxRate, amountCents: Cents): Cents => {
    const line = byRate.get(rate.id) ?? { name: rate.name, rate: rate.rate, amountCents: 0 };
    line.amountCents += amountCents;
    byRate.set(rate.id, line);
    return amountCents;
  };
  const split = lines.map((line) => {
    const rate = rateFor(rates, to, line.taxClass);
    if (!rate) return { taxCents: 0, coreTaxCents: 0 };
    return { taxCents: add(rate, percentOfCents(line.lineTotalCents, rate.rate)), coreTaxCents: add(rate, percentOfCents(line.coreDepositCents, rate.rate)) };
  });
  const shippingRate = rateFor(rates, to, 'standard');
  const shippingTaxCents = shippingRate?.shipping && shippingCents > 0 ? add(shippingRate, percentOfCents(shippingCents, shippingRate.rate)) : 0;
  const taxLines = [...byRate.values()];
  return { taxLines, lines: split, shippingTaxCents, taxCents: taxLines.reduce((sum, line) => sum + line.amountCents, 0) };
}

/**
 * EU reverse charge: an EU shop selling to a business in another EU country, whose (valid) VAT ID is of
 * the country the goods go to, charges no VAT; the buyer accounts for it.
 */
export function isReverseCharge(shopCountry: string, to: Destination, buyerVatId: VatId | null): boolean {
  return isInEu(shopCountry) && isInEu(to.country) && to.country !== shopCountry && buyerVatId?.country === to.country;
}
