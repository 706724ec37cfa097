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
  taxClass: TaxClass;
}

export interface TaxLine {
  name: string;
  /** Percent, e.g. 6.25. */
  rate: number;
  amountCents: Cents;
}

/**
 * The tax of an order, one line per rate (in the order the rates are first met): each goods line's tax
 * rounded half-up to the cent on its own, then shipping's, taxed at the destination's standard rate when
 * that rate says `shipping`.
 */
export function taxLines(rates: readonly TaxRate[], to: Destination, lines: readonly TaxedLine[], shippingCents: Cents): TaxLine[] {
  const byRate = new Map<string, TaxLine>();
  const add = (rate: TaxRate, amountCents: Cents) => {
    const line = byRate.get(rate.id) ?? { name: rate.name, rate: rate.rate, amountCents: 0 };
    line.amountCents += amountCents;
    byRate.set(rate.id, line);
  };
  for (const line of lines) {
    const rate = rateFor(rates, to, line.taxClass);
    if (rate) add(rate, percentOfCents(line.lineTotalCents, rate.rate));
  }
  const shippingRate = rateFor(rates, to, 'standard');
  if (shippingRate?.shipping && shippingCents > 0) add(shippingRate, percentOfCents(shippingCents, shippingRate.rate));
  return [...byRate.values()];
}

/**
 * EU reverse charge: an EU shop selling to a business in another EU country, whose (valid) VAT ID is of
 * the country the goods go to, charges no VAT; the buyer accounts for it.
 */
export function isReverseCharge(shopCountry: string, to: Destination, buyerVatId: VatId | null): boolean {
  return isInEu(shopCountry) && isInEu(to.country) && to.country !== shopCountry && buyerVatId?.country === to.country;
}
