/** The checkout's rules with answers worked out by hand (the comments show the sums). */
import { describe, expect, it } from 'vitest';
import { addressOneLine } from './address.js';
import { type Destination, destinationSchema, type ShippingConfig, shippingAddressSchema, shippingConfigSchema, type TaxRate, taxConfigSchema } from './checkout-schemas.js';
import { quoteOrder, type QuoteInput } from './checkout.js';
import { previewLines } from './checkout-preview.js';
import { checkPostalCode, regionProblem } from './geography.js';
import { percentOfCents } from './money.js';
import { formatWeight } from './catalog.js';
import { formatDestination, methodPriceCents, shippingOffers, zoneFor } from './shipping.js';
import { isReverseCharge, orderTax, rateFor, type TaxedLine } from './tax.js';
import { parseVatId } from './vat-id.js';

const to = (country: string, region = '', postalCode = ''): Destination => ({ country, region, postalCode });

const shipping: ShippingConfig = shippingConfigSchema.parse({
  zones: [
    { id: 'us', name: 'Contiguous US', countries: ['US'] },
    { id: 'ak-hi', name: 'Alaska and Hawaii', countries: ['US'], regions: ['AK', 'HI'] },
    { id: 'burlington', name: 'Burlington area', countries: ['US'], regions: ['VT'], postalCodes: ['054*'] },
    { id: 'eu', name: 'EU', countries: ['DE', 'FR'] },
  ],
  methods: [
    { id: 'ground', zoneId: 'us', name: 'Ground', kind: 'weight', bands: [{ upToGrams: 1000, price: 8 }, { upToGrams: 5000, price: 11 }], freeOver: 5000, minDays: 3, maxDays: 6 },
    { id: 'express', zoneId: 'us', name: 'Express', kind: 'flat', price: 30, maxGrams: 2000, minDays: 1, maxDays: 2 },
    { id: 'island', zoneId: 'ak-hi', name: 'Air', kind: 'flat', price: 45, minDays: 4, maxDays: 9 },
    { id: 'courier', zoneId: 'burlington', name: 'Local courier', kind: 'flat', price: 5, minDays: 0, maxDays: 1 },
    { id: 'pickup', zoneId: 'burlington', name: 'Pickup', kind: 'pickup', minDays: 0, maxDays: 0 },
    { id: 'eu-post', zoneId: 'eu', name: 'EU parcel', kind: 'weight', bands: [{ upToGrams: 20000, price: 40 }], maxGrams: 20000, minDays: 5, maxDays: 10 },
  ],
});
const method = (id: string) => shipping.methods.find((m) => m.id === id)!;

describe('shipping methods', () => {
  it('puts exactly 1,000 g in the up-to-1,000 g band and 1,001 g in the next', () => {
    expect(methodPriceCents(method('ground'), { grams: 1000, subtotalCents: 0 })).toBe(800);
    expect(methodPriceCents(method('ground'), { grams: 1001, subtotalCents: 0 })).toBe(1100);
    expect(methodPriceCents(method('ground'), { grams: 0, subtotalCents: 0 })).toBe(800);
  });
  it('cannot carry more than its last band', () => {
    expect(methodPriceCents(method('ground'), { grams: 5000, subtotalCents: 0 })).toBe(1100);
    expect(methodPriceCents(method('ground'), { grams: 5001, subtotalCents: 0 })).toBeNull();
  });
  it('ships free at exactly freeOver, not a cent below', () => {
    expect(methodPriceCents(method('ground'), { grams: 3000, subtotalCents: 500_000 })).toBe(0);
    expect(methodPriceCents(method('ground'), { grams: 3000, subtotalCents: 499_999 })).toBe(1100);
  });
  it('refuses a parcel heavier than maxGrams (maxGrams itself is fine)', () => {
    expect(methodPriceCents(method('express'), { grams: 2000, subtotalCents: 0 })).toBe(3000);
    expect(methodPriceCents(method('express'), { grams: 2001, subtotalCents: 0 })).toBeNull();
  });
  it('prices pickup at nothing unless it has a price', () => {
    expect(methodPriceCents(method('pickup'), { grams: 90_000, subtotalCents: 0 })).toBe(0);
  });
  it('offers the reachable methods of the zone, cheapest first', () => {
    expect(shippingOffers(shipping, to('US', 'IL', '60601'), { grams: 1500, subtotalCents: 10_000 }).map((o) => [o.id, o.priceCents])).toEqual([
      ['ground', 1100],
      ['express', 3000],
    ]);
    expect(shippingOffers(shipping, to('US', 'IL', '60601'), { grams: 6000, subtotalCents: 10_000 })).toEqual([]);
    expect(shippingOffers(shipping, to('JP'), { grams: 1, subtotalCents: 1 })).toEqual([]);
  });
});

describe('shipping zones', () => {
  it('lets a postal-code zone win over a region zone over a country zone', () => {
    expect(zoneFor(shipping.zones, to('US', 'VT', '05401'))?.id).toBe('burlington');
    expect(zoneFor(shipping.zones, to('US', 'VT', '05001'))?.id).toBe('us');
    expect(zoneFor(shipping.zones, to('US', 'HI', '96801'))?.id).toBe('ak-hi');
    expect(zoneFor(shipping.zones, to('US', 'IL', '60601'))?.id).toBe('us');
    expect(zoneFor(shipping.zones, to('FR', '', '75008'))?.id).toBe('eu');
    expect(zoneFor(shipping.zones, to('CA', 'ON', 'K1A 0B1'))).toBeUndefined();
  });
});

const rates: TaxRate[] = taxConfigSchema.parse({
  rates: [
    { id: 'us-vt', name: 'Vermont sales tax', country: 'US', region: 'VT', taxClass: 'standard', rate: 6, shipping: true },
    { id: 'us-ny', name: 'New York sales tax', country: 'US', region: 'NY', taxClass: 'standard', rate: 4, shipping: false },
    { id: 'de', name: 'MwSt. 19 %', country: 'DE', taxClass: 'standard', rate: 19, shipping: true },
    { id: 'de-red', name: 'MwSt. 7 %', country: 'DE', taxClass: 'reduced', rate: 7, shipping: false },
    { id: 'de-by', name: 'Bavaria test rate', country: 'DE', region: 'BY', taxClass: 'standard', rate: 2.5, shipping: false },
  ],
}).rates;

describe('tax', () => {
  it('takes the region rate over the country rate, and no rate means no tax', () => {
    expect(rateFor(rates, to('DE', 'BY'), 'standard')?.id).toBe('de-by');
    expect(rateFor(rates, to('DE', 'BE'), 'standard')?.id).toBe('de');
    expect(rateFor(rates, to('DE', 'BE'), 'reduced')?.id).toBe('de-red');
    expect(rateFor(rates, to('DE', 'BE'), 'zero')).toBeUndefined();
    expect(rateFor(rates, to('US', 'IL'), 'standard')).toBeUndefined();
  });
  it('rounds half-up to the cent', () => {
    expect(percentOfCents(999, 2.5)).toBe(25); // 24.975
    expect(percentOfCents(333, 2.5)).toBe(8); // 8.325
    expect(percentOfCents(1100, 6)).toBe(66);
    expect(percentOfCents(20, 6.25)).toBe(1); // 1.25
    expect(percentOfCents(1000, 6.25)).toBe(63); // 62.5
  });
  const goods = (lineTotalCents: number, taxClass: TaxedLine['taxClass'] = 'standard', coreDepositCents = 0): TaxedLine => ({ lineTotalCents, coreDepositCents, taxClass });
  it('rounds each line on its own: 3 × $3.33 at 2.5 % is 25 cents on one line, 24 on three', () => {
    const bavaria = to('DE', 'BY');
    expect(orderTax(rates, bavaria, [goods(999)], 0).taxLines).toEqual([{ name: 'Bavaria test rate', rate: 2.5, amountCents: 25 }]);
    const three = orderTax(rates, bavaria, [goods(333), goods(333), goods(333)], 0);
    expect(three.taxLines).toEqual([{ name: 'Bavaria test rate', rate: 2.5, amountCents: 24 }]);
    // 8.325 → 8 cents on each line.
    expect(three.lines).toEqual([1, 2, 3].map(() => ({ taxCents: 8, coreTaxCents: 0 })));
  });
  it('taxes shipping only where the standard rate says so, listing each rate once', () => {
    // Vermont: $100.00 goods + $11.00 shipping at 6 % = 6.00 + 0.66.
    expect(orderTax(rates, to('US', 'VT'), [goods(10_000)], 1100).taxLines).toEqual([{ name: 'Vermont sales tax', rate: 6, amountCents: 666 }]);
    // New York: shipping not taxed, $100.00 at 4 %.
    expect(orderTax(rates, to('US', 'NY'), [goods(10_000)], 1100).taxLines).toEqual([{ name: 'New York sales tax', rate: 4, amountCents: 400 }]);
    // Germany: $10.00 standard (1.90) + $10.00 reduced (0.70) + $5.00 shipping at 19 % (0.95).
    const german = orderTax(rates, to('DE', 'BE'), [goods(1000), goods(1000, 'reduced'), goods(1000, 'zero')], 500);
    expect(german.taxLines).toEqual([
      { name: 'MwSt. 19 %', rate: 19, amountCents: 285 },
      { name: 'MwSt. 7 %', rate: 7, amountCents: 70 },
    ]);
    expect(german).toMatchObject({ lines: [{ taxCents: 190 }, { taxCents: 70 }, { taxCents: 0 }], shippingTaxCents: 95, taxCents: 355 });
  });
  it('taxes core deposits as their part is, each line\'s rounded on its own, and splits the tax so the shares sum to it', () => {
    // Vermont 6 %: 3 × $33.33 = $99.99 → 5.9994 → 6.00; its cores 3 × $8.25 = $24.75 → 1.485 → 1.49 (7.49 on the line, where 124.74 together would be 7.4844 → 7.48);
    // 1 × $0.25 → 0.015 → 0.02, no core; shipping $12.25 → 0.735 → 0.74. Tax 6.00 + 1.49 + 0.02 + 0.74 = 8.25.
    const tax = orderTax(rates, to('US', 'VT'), [goods(9999, 'standard', 2475), goods(25)], 1225);
    expect(tax).toEqual({
      taxLines: [{ name: 'Vermont sales tax', rate: 6, amountCents: 825 }],
      lines: [
        { taxCents: 600, coreTaxCents: 149 },
        { taxCents: 2, coreTaxCents: 0 },
      ],
      shippingTaxCents: 74,
      taxCents: 825,
    });
    // Germany: a reduced-rate part's core is taxed at 7 %, not 19 %: $40.00 core → 2.80; its goods $50.00 → 3.50.
    expect(orderTax(rates, to('DE', 'BE'), [goods(5000, 'reduced', 4000)], 0)).toMatchObject({ lines: [{ taxCents: 350, coreTaxCents: 280 }], taxCents: 630 });
    // A zero-rated part's core carries no tax either.
    expect(orderTax(rates, to('DE', 'BE'), [goods(5000, 'zero', 4000)], 0)).toMatchObject({ lines: [{ taxCents: 0, coreTaxCents: 0 }], taxCents: 0, taxLines: [] });
  });
});

describe('reverse charge', () => {
  const german = parseVatId('DE136695976');
  it('applies to an EU shop selling to a business in another EU country with that country\'s valid VAT ID', () => {
    expect(isReverseCharge('NL', to('DE', 'BY'), german)).toBe(true);
  });
  it('does not apply to a domestic sale, a non-EU shop, no or a foreign VAT ID', () => {
    expect(isReverseCharge('DE', to('DE', 'BY'), german)).toBe(false);
    expect(isReverseCharge('US', to('DE', 'BY'), german)).toBe(false);
    expect(isReverseCharge('NL', to('DE', 'BY'), null)).toBe(false);
    expect(isReverseCharge('NL', to('FR'), german)).toBe(false);
  });
});

describe('VAT IDs', () => {
  // DE 13669597|6: MOD 11,10 over 1,3,6,6,9,5,9,7 leaves product 5, and 11 − 5 = 6.
  // AT U1358562|7: 1+6+5+1+5+1+2 (3×2=6, 8×2=16→7, 6×2=12→3: 1+6+5+7+5+3+2 = 29), (10 − (29+4) mod 10) mod 10 = 7.
  // BE 04030192|61: 4030192 mod 97 = 36, 97 − 36 = 61.
  // FR 40|303265045: 303265045 mod 97 = 74, (12 + 3 × 74) mod 97 = 234 mod 97 = 40.
  it.each(['DE136695976', 'de 136 695 976', 'FR40303265045', 'NL004495445B01', 'IT00743110157', 'ESA13585625', 'ES12345678Z', 'ATU13585627', 'BE0403019261', 'DK13585628', 'EL094259216'])(
    'accepts %s',
    (id) => expect(parseVatId(id)).not.toBeNull(),
  );
  it.each(['DE136695977', 'FR41303265045', 'NL004495446B01', 'IT00743110158', 'ESA13585626', 'ES12345678A', 'ATU13585626', 'BE0403019262', 'DE13669597', 'US123456789', 'GB123456789', ''])(
    'refuses %j',
    (id) => expect(parseVatId(id)).toBeNull(),
  );
  it('names Greece by its VAT prefix EL', () => {
    expect(parseVatId('EL094259216')).toEqual({ country: 'GR', prefix: 'EL', number: '094259216' });
  });
});

describe('addresses', () => {
  it('checks postal codes of the countries it knows, with a message saying what they look like', () => {
    expect(checkPostalCode('US', '05401')).toEqual({ postalCode: '05401' });
    expect(checkPostalCode('US', '054012345')).toEqual({ postalCode: '05401-2345' });
    expect(checkPostalCode('US', '5401')).toEqual({ error: 'A US ZIP code is 5 digits, e.g. 05401 (or ZIP+4, e.g. 05401-2345)' });
    expect(checkPostalCode('CA', 'k1a0b1')).toEqual({ postalCode: 'K1A 0B1' });
    expect(checkPostalCode('CA', 'D1A 0B1')).toHaveProperty('error');
    expect(checkPostalCode('GB', 'sw1a1aa')).toEqual({ postalCode: 'SW1A 1AA' });
    expect(checkPostalCode('GB', '12345')).toHaveProperty('error');
    expect(checkPostalCode('DE', '10115')).toEqual({ postalCode: '10115' });
    expect(checkPostalCode('DE', '1011')).toEqual({ error: 'A German postal code (PLZ) is 5 digits, e.g. 10115' });
    expect(checkPostalCode('NL', '1012ab')).toEqual({ postalCode: '1012 AB' });
    expect(checkPostalCode('NL', '0123 AB')).toHaveProperty('error');
    expect(checkPostalCode('FR', '75008')).toEqual({ postalCode: '75008' });
    expect(checkPostalCode('FR', '7500')).toHaveProperty('error');
    expect(checkPostalCode('JP', '100-0001')).toEqual({ postalCode: '100-0001' });
  });
  it('requires a known region where the country has a list, without the country prefix', () => {
    expect(regionProblem('US', 'VT')).toBeNull();
    expect(regionProblem('US', '')).toBe('Choose the state');
    expect(regionProblem('US', 'US-VT')).toMatch(/^Not a region of US/);
    expect(regionProblem('DE', 'BY')).toBeNull();
    expect(regionProblem('AU', 'NSW')).toBeNull();
    expect(regionProblem('CA', 'XX')).toMatch(/^Not a region of CA/);
    expect(regionProblem('FR', '')).toBeNull();
  });
  it('reads an address form into the address, and writes it on one line', () => {
    const address = shippingAddressSchema.parse({ name: 'Dana Wu', company: 'Wu Garage', line1: '12 Pine St', city: 'Burlington', region: 'vt', postalCode: '05401', country: 'us' });
    expect(address).toMatchObject({ region: 'VT', country: 'US', line2: '', phone: '' });
    expect(addressOneLine(address)).toBe('Wu Garage, 12 Pine St, Burlington, VT 05401, US');
    const result = destinationSchema.safeParse({ country: 'US', region: 'VT', postalCode: 'ABCDE' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['postalCode']);
  });
  it('writes weights and destinations for messages', () => {
    expect(formatWeight(48_000)).toBe('48 kg');
    expect(formatWeight(1200)).toBe('1.2 kg');
    expect(formatDestination(to('US', 'VT', '05401'))).toBe('05401, US-VT');
  });
});

describe('a whole quote', () => {
  const base: QuoteInput = {
    lines: [{ productId: 1, quantity: 10, pricing: { priceCents: 1000, tiers: [{ minQuantity: 10, priceCents: 900 }] }, unitWeightGrams: 300, taxClass: 'standard', coreChargeCents: 0 }],
    to: to('US', 'VT', '05001'),
    shipping,
    rates,
    shopCountry: 'US',
    vatId: null,
    taxExempt: false,
  };
  it('prices the tier, the cheapest method and the tax on both', () => {
    // 10 × $9.00 = $90.00, 3,000 g → Ground $11.00; 6 % of 90.00 = 5.40 and of 11.00 = 0.66.
    const outcome = quoteOrder(base);
    expect('quote' in outcome && outcome.quote).toMatchObject({
      subtotalCents: 9000,
      weightGrams: 3000,
      shippingCents: 1100,
      taxLines: [{ name: 'Vermont sales tax', rate: 6, amountCents: 606 }],
      taxCents: 606,
      totalCents: 9000 + 1100 + 606,
      method: { id: 'ground' },
    });
  });
  it('adds core deposits to the total, taxed as the part, with each share of the tax on its line', () => {
    // 10 × $9.00 = $90.00 → tax 5.40; cores 10 × $25.00 = $250.00 → tax 15.00; Ground $11.00 → 0.66.
    // Total 90.00 + 250.00 + 11.00 + (5.40 + 15.00 + 0.66 = 21.06) = $372.06.
    const outcome = quoteOrder({ ...base, lines: [{ ...base.lines[0]!, coreChargeCents: 2500 }] });
    expect('quote' in outcome && outcome.quote).toMatchObject({
      lines: [{ unitPriceCents: 900, lineTotalCents: 9000, coreChargeCents: 2500, coreDepositCents: 25_000, taxCents: 540, coreTaxCents: 1500 }],
      subtotalCents: 9000,
      coreDepositCents: 25_000,
      shippingTaxCents: 66,
      taxCents: 2106,
      totalCents: 37_206,
    });
  });
  it('charges no VAT on a reverse-charged sale, nor any share of it', () => {
    const outcome = quoteOrder({ ...base, to: to('DE', 'BE', '10115'), shopCountry: 'NL', vatId: parseVatId('DE136695976') });
    // 10 × $9.00 = $90.00 + EU parcel $40.00, no VAT.
    expect('quote' in outcome && outcome.quote).toMatchObject({ reverseCharge: true, taxCents: 0, shippingTaxCents: 0, totalCents: 13_000, lines: [{ taxCents: 0, coreTaxCents: 0 }] });
  });
  it('charges no tax to an exempt buyer, and names a method no one can use', () => {
    const exempt = quoteOrder({ ...base, lines: [{ ...base.lines[0]!, coreChargeCents: 2500 }], taxExempt: true });
    // 90.00 + 250.00 core + 11.00 shipping, no tax, and no share of it anywhere.
    expect('quote' in exempt && [exempt.quote.taxCents, exempt.quote.totalCents, exempt.quote.taxExempt]).toEqual([0, 35_100, true]);
    expect('quote' in exempt && [exempt.quote.lines[0], exempt.quote.shippingTaxCents]).toEqual([expect.objectContaining({ taxCents: 0, coreTaxCents: 0 }), 0]);
    expect(quoteOrder({ ...base, methodId: 'express' })).toEqual({ problem: 'method_unavailable', weightGrams: 3000 });
    expect(quoteOrder({ ...base, to: to('JP') })).toEqual({ problem: 'no_shipping_method', weightGrams: 3000 });
  });
});

describe('the shipping and tax tables', () => {
  it('name the bad entry', () => {
    const result = shippingConfigSchema.safeParse({
      zones: [{ id: 'us', name: 'US', countries: ['US'] }],
      methods: [
        { id: 'ground', zoneId: 'us', name: 'Ground', kind: 'weight', bands: [{ upToGrams: 1000, price: 8 }], minDays: 1, maxDays: 2 },
        { id: 'air', zoneId: 'mars', name: 'Air', kind: 'weight', bands: [{ upToGrams: 2000, price: 8 }, { upToGrams: 1000, price: 9 }], minDays: 3, maxDays: 2 },
      ],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['methods.1.zoneId', 'No zone has the id mars'],
      ['methods.1.bands', "Bands go up in weight: each band's upToGrams is above the one before"],
      ['methods.1.maxDays', 'maxDays must be at least minDays'],
    ]);
    const taxes = taxConfigSchema.safeParse({
      rates: [
        { id: 'a', name: 'A', country: 'US', region: 'VT', taxClass: 'standard', rate: 6, shipping: true },
        { id: 'b', name: 'B', country: 'US', region: 'VT', taxClass: 'standard', rate: 6.25, shipping: true },
      ],
    });
    expect(taxes.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['rates.1', 'Two rates are for US-VT and the standard class: keep one']]);
    const badRate = taxConfigSchema.safeParse({ rates: [{ id: 'a', name: 'A', country: 'US', taxClass: 'standard', rate: 6.2545, shipping: true }] });
    expect(badRate.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['rates.0.rate']);
  });
});

describe('the admin preview', () => {
  it('says what a 3 kg order to 05401, US-VT would pay by each method', () => {
    // Ground: 3,000 g is in the up-to-5,000 g band, $11.00; Vermont taxes shipping at 6 %: $0.66.
    expect(previewLines(shipping, rates, to('US', 'VT', '05001'), 3000, 0)).toEqual(['A 3 kg order to 05001, US-VT: Ground $11.00, tax $0.66']);
    expect(previewLines(shipping, rates, to('JP'), 3000, 0)).toEqual(['A 3 kg order to JP: no method reaches it']);
  });
});
