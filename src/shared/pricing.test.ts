import { describe, expect, it } from 'vitest';
import { errorMessages } from './messages.js';
import { priceBreaksFromText, priceBreaksToText, unitPriceCentsFor } from './pricing.js';

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
