/**
 * Shipping rules, written once: which zone a destination is in, which methods reach it for an order of
 * this weight and value, and what each costs. Prices in the tables are dollars; every result is cents.
 */
import { compactPostalCode } from './geography.js';
import type { Destination, ShippingConfig, ShippingMethod, ShippingZone } from './checkout-schemas.js';
import { type Cents, dollarsToCents } from './money.js';

/** How specific a zone's match is: a postal-code pattern over a region over a country. */
const Match = { None: 0, Country: 1, Region: 2, PostalCode: 3 } as const;
type Match = (typeof Match)[keyof typeof Match];

/** `05*` matches every code starting 05; a pattern without `*` matches that code only (upper case, spaces ignored). */
export function postalPatternMatches(pattern: string, postalCode: string): boolean {
  const want = compactPostalCode(pattern);
  const code = compactPostalCode(postalCode);
  return want.endsWith('*') ? code.startsWith(want.slice(0, -1)) : code === want;
}

function zoneMatch(zone: ShippingZone, to: Destination): Match {
  if (!zone.countries.includes(to.country)) return Match.None;
  if (zone.regions?.length && !zone.regions.includes(to.region)) return Match.None;
  if (zone.postalCodes?.length) return zone.postalCodes.some((pattern) => postalPatternMatches(pattern, to.postalCode)) ? Match.PostalCode : Match.None;
  return zone.regions?.length ? Match.Region : Match.Country;
}

/** The most specific zone the destination is in (of equally specific ones, the first listed), if any. */
export function zoneFor(zones: readonly ShippingZone[], to: Destination): ShippingZone | undefined {
  let best: ShippingZone | undefined;
  let bestMatch: Match = Match.None;
  for (const zone of zones) {
    const match = zoneMatch(zone, to);
    if (match > bestMatch) [best, bestMatch] = [zone, match];
  }
  return best;
}

/** What an order is for shipping: its weight and its goods' value. */
export interface Parcel {
  grams: number;
  subtotalCents: Cents;
}

/**
 * What a method charges for a parcel, or null when it cannot carry it (heavier than `maxGrams` or than
 * its last band). A band covers up to and including its `upToGrams`; at or above `freeOver` it is free.
 */
export function methodPriceCents(method: ShippingMethod, { grams, subtotalCents }: Parcel): Cents | null {
  if (method.maxGrams !== undefined && grams > method.maxGrams) return null;
  let price: number;
  if (method.kind === 'weight') {
    const band = method.bands?.find((candidate) => grams <= candidate.upToGrams);
    if (!band) return null;
    price = band.price;
  } else {
    price = method.price ?? 0;
  }
  if (method.freeOver !== undefined && subtotalCents >= dollarsToCents(method.freeOver)) return 0;
  return dollarsToCents(price);
}

export interface ShippingOffer {
  id: string;
  name: string;
  priceCents: Cents;
  minDays: number;
  maxDays: number;
}

/** The methods of the destination's zone that can carry the parcel, cheapest first (ties: as listed). */
export function shippingOffers(config: ShippingConfig, to: Destination, parcel: Parcel): ShippingOffer[] {
  const zone = zoneFor(config.zones, to);
  if (!zone) return [];
  const offers: ShippingOffer[] = [];
  for (const method of config.methods) {
    if (method.zoneId !== zone.id) continue;
    const priceCents = methodPriceCents(method, parcel);
    if (priceCents !== null) offers.push({ id: method.id, name: method.name, priceCents, minDays: method.minDays, maxDays: method.maxDays });
  }
  return offers.sort((a, b) => a.priceCents - b.priceCents);
}

/** "05401, US-VT"; "DE" when only the country is known. */
export function formatDestination(to: Destination): string {
  const place = to.region ? `${to.country}-${to.region}` : to.country;
  return to.postalCode ? `${to.postalCode}, ${place}` : place;
}
