/**
 * The demo shop's shipping and tax: freight by weight from the factory in Illinois, free ground freight
 * over $5,000 in the contiguous US, and the public base rates of a few US states and EU countries.
 */
import { type ShippingConfig, shippingConfigSchema, type TaxConfig, taxConfigSchema } from '../../shared/checkout-schemas.js';
import { COUNTRY_CODES, EU_COUNTRIES } from '../../shared/geography.js';

const bands = (...pairs: [number, number][]) => pairs.map(([upToGrams, price]) => ({ upToGrams, price }));
const EU = [...EU_COUNTRIES];
const SERVED = new Set(['US', 'CA', ...EU]);

export const demoShipping: ShippingConfig = shippingConfigSchema.parse({
  zones: [
    { id: 'us-contiguous', name: 'Contiguous US', countries: ['US'] },
    { id: 'us-ak-hi', name: 'Alaska and Hawaii', countries: ['US'], regions: ['AK', 'HI'] },
    { id: 'canada', name: 'Canada', countries: ['CA'] },
    { id: 'eu', name: 'European Union', countries: EU },
    { id: 'world', name: 'Rest of the world', countries: COUNTRY_CODES.filter((code) => !SERVED.has(code)) },
  ],
  methods: [
    { id: 'ground', zoneId: 'us-contiguous', name: 'Ground freight', kind: 'weight', bands: bands([1000, 8], [5000, 11], [20_000, 19], [50_000, 39], [150_000, 89]), freeOver: 5000, minDays: 3, maxDays: 6 },
    { id: 'express', zoneId: 'us-contiguous', name: 'Express', kind: 'weight', bands: bands([1000, 24], [5000, 32], [20_000, 55]), minDays: 1, maxDays: 2 },
    { id: 'pickup', zoneId: 'us-contiguous', name: 'Pickup at the factory (Springfield, IL)', kind: 'pickup', minDays: 1, maxDays: 2 },
    { id: 'ak-hi-air', zoneId: 'us-ak-hi', name: 'Air freight', kind: 'weight', bands: bands([1000, 25], [5000, 45], [20_000, 95]), minDays: 4, maxDays: 9 },
    { id: 'canada-ground', zoneId: 'canada', name: 'Canada ground', kind: 'weight', bands: bands([1000, 18], [5000, 30], [20_000, 60], [30_000, 85]), minDays: 5, maxDays: 10 },
    { id: 'eu-parcel', zoneId: 'eu', name: 'EU parcel (duties paid)', kind: 'weight', bands: bands([1000, 28], [5000, 45], [20_000, 90], [30_000, 120]), minDays: 6, maxDays: 12 },
    { id: 'world-parcel', zoneId: 'world', name: 'International parcel', kind: 'weight', bands: bands([1000, 35], [5000, 60], [20_000, 140]), minDays: 8, maxDays: 20 },
  ],
});

const state = (region: string, name: string, rate: number, shipping: boolean) => ({ id: `us-${region.toLowerCase()}`, name: `${name} sales tax`, country: 'US', region, taxClass: 'standard', rate, shipping });
const vat = (country: string, standard: number, reduced: number) => [
  { id: `${country.toLowerCase()}-standard`, name: `VAT ${country} ${standard} %`, country, taxClass: 'standard', rate: standard, shipping: true },
  { id: `${country.toLowerCase()}-reduced`, name: `VAT ${country} ${reduced} %`, country, taxClass: 'reduced', rate: reduced, shipping: false },
];

export const demoTax: TaxConfig = taxConfigSchema.parse({
  rates: [
    state('IL', 'Illinois', 6.25, false),
    state('VT', 'Vermont', 6, true),
    state('CA', 'California', 7.25, false),
    state('NY', 'New York', 4, true),
    state('TX', 'Texas', 6.25, true),
    ...vat('DE', 19, 7),
    ...vat('FR', 20, 5.5),
    ...vat('NL', 21, 9),
    ...vat('IT', 22, 10),
    ...vat('ES', 21, 10),
    ...vat('AT', 20, 10),
    ...vat('BE', 21, 6),
  ],
});
