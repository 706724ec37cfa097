import { describe, expect, it } from 'vitest';
import { errorMessages } from './messages.js';
import { listUnitPriceCents, memberPricing, priceBreaksFromText, priceBreaksToText, priceListInForce, unitPriceCentsFor } from './pricing.js';

describe('unit prices by quantity', () => {
  const pricing = { priceCents: 9000, tiers: [{ minQuantity: 1000, priceCents: 7550 }, { minQuantity: 500, priceCents: 8100 }] };

  it('charges a tier from exactly its quantity on, the base price one below, the highest tier above it', () => {
    expect(unitPriceCentsFor(pricing, 1)).toBe(9000);
    expect(unitPriceCentsFor(pricing, 499)).toBe(9000);
    expect(unitPriceCentsFor(pricing, 500)).toBe(8100);
    expect(unitPriceCentsFor(pricing, 999)).toBe(8100);
    expect(unitPriceCentsFor(pricing, 1000)).toBe(7550);
    expect(unitPriceCentsFor(pricing, 1_000_000)).toBe(7550);
  });

  it('charges the base price at any quantity when there are no tiers', () => {
    for (const quantity of [1, 2, 500, 1_000_000]) expect(unitPriceCentsFor({ priceCents: 1299, tiers: [] }, quantity)).toBe(1299);
  });
});

describe('price breaks as one spreadsheet cell', () => {
  it('writes quantity: price pairs with two decimals, separated by semicolons; no tiers is an empty cell', () => {
    expect(priceBreaksToText([{ minQuantity: 500, price: 81 }, { minQuantity: 1000, price: 75.5 }])).toBe('500: 81.00; 1000: 75.50');
    expect(priceBreaksToText([])).toBe('');
  });

  it('reads back what it writes, and a cell typed by hand', () => {
    const tiers = [{ minQuantity: 500, price: 81 }, { minQuantity: 1000, price: 75.5 }];
    expect(priceBreaksFromText(priceBreaksToText(tiers))).toEqual(tiers);
    expect(priceBreaksFromText(' 50 :$9.5 ;100:9;  ')).toEqual([{ minQuantity: 50, price: 9.5 }, { minQuantity: 100, price: 9 }]);
    expect(priceBreaksFromText('')).toEqual([]);
    expect(priceBreaksFromText(' ; ')).toEqual([]);
  });

  it('says which part is not a quantity and a price, and leaves whether they make tiers to the product schema', () => {
    for (const part of ['500 81.00', '500:', ': 81', 'lots: 81', '500: cheap', '500: 81: 2']) {
      expect(priceBreaksFromText(`100: 90; ${part}`), part).toEqual({ error: errorMessages.catalogImport.priceBreaksText(part) });
    }
    expect(priceBreaksFromText('1.5: 0')).toEqual([{ minQuantity: 1.5, price: 0 }]);
  });
});

describe('what a company member pays: the lowest of the public tier and the price list', () => {
  // The public price: $90.00, $81.00 from 500, $75.50 from 1000.
  const publicPricing = { priceCents: 9000, tiers: [{ minQuantity: 500, priceCents: 8100 }, { minQuantity: 1000, priceCents: 7550 }] };
  const tier = (minQuantity: number, priceCents: number) => ({ minQuantity, priceCents });
  // Hand-computed: each row is the list, then the unit price at 1, 100, 199, 200, 500, 1000 units.
  const rows: [string, { discountBasisPoints: number; fixed: { minQuantity: number; priceCents: number }[] }, number[]][] = [
    ['no discount, no fixed price: public', { discountBasisPoints: 0, fixed: [] }, [9000, 9000, 9000, 9000, 8100, 7550]],
    ['10 % off: 8100 everywhere, the public 7550 from 1000', { discountBasisPoints: 1000, fixed: [] }, [8100, 8100, 8100, 8100, 8100, 7550]],
    ['12.5 % off 9000 is 1125 off: 7875', { discountBasisPoints: 1250, fixed: [] }, [7875, 7875, 7875, 7875, 7875, 7550]],
    ['fixed 8500, 8000 from 200', { discountBasisPoints: 0, fixed: [tier(1, 8500), tier(200, 8000)] }, [8500, 8500, 8500, 8000, 8000, 7550]],
    ['fixed from 100 only: public below it', { discountBasisPoints: 0, fixed: [tier(100, 8800)] }, [9000, 8800, 8800, 8800, 8100, 7550]],
    ['a fixed price replaces the discount for its part', { discountBasisPoints: 500, fixed: [tier(100, 8800)] }, [9000, 8800, 8800, 8800, 8100, 7550]],
    ['fixed tiers below and above the public ones', { discountBasisPoints: 0, fixed: [tier(1, 8900), tier(1000, 7000)] }, [8900, 8900, 8900, 8900, 8100, 7000]],
  ];
  const quantities = [1, 100, 199, 200, 500, 1000];

  it.each(rows)('%s', (_name, list, expected) => {
    const member = memberPricing(publicPricing, list);
    expect(quantities.map((quantity) => unitPriceCentsFor(member, quantity))).toEqual(expected);
    expect(quantities.map((quantity) => Math.min(unitPriceCentsFor(publicPricing, quantity), listUnitPriceCents(9000, list, quantity) ?? Infinity))).toEqual(expected);
  });

  it('keeps a tier only where the price changes', () => {
    expect(memberPricing(publicPricing, { discountBasisPoints: 0, fixed: [tier(1, 8500), tier(200, 8000)] })).toEqual({
      priceCents: 8500,
      tiers: [tier(200, 8000), tier(1000, 7550)],
    });
  });

  it('is in force from its first day to its last, both included', () => {
    const list = { validFrom: '2026-12-01', validTo: '2026-12-31' };
    expect(['2026-11-30', '2026-12-01', '2026-12-31', '2027-01-01'].map((day) => priceListInForce(list, day))).toEqual([false, true, true, false]);
    expect(priceListInForce({ validFrom: null, validTo: null }, '1999-01-01')).toBe(true);
  });
});
