import { describe, expect, it } from 'vitest';
import { normalisePartNumber } from '../../shared/catalog.js';
import { isMultipleOfPack } from '../../shared/pricing.js';
import { productPatchSchema, tiersBelowPrice } from '../../shared/schemas.js';
import { demoProducts } from './demo-data.js';

describe('demo catalog', () => {
  it('holds parts an admin could have entered: valid fields, specs and a part number each, no number twice', () => {
    for (const product of demoProducts) {
      const parsed = productPatchSchema.safeParse(product);
      expect(parsed.error?.issues ?? [], product.name).toEqual([]);
      expect(product.specs?.length, product.name).toBeGreaterThan(0);
    }
    const keys = demoProducts.map((p) => normalisePartNumber(p.sku!));
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(demoProducts.map((p) => p.category)).size).toBeGreaterThanOrEqual(10);
  });

  it('sells some parts in bulk: price breaks below the price, packs that the minimum and the stock fill whole', () => {
    const tiered = demoProducts.filter((p) => p.priceBreaks?.length);
    const packed = demoProducts.filter((p) => (p.packSize ?? 1) > 1);
    expect(tiered.length).toBeGreaterThanOrEqual(6);
    expect(packed.length).toBeGreaterThanOrEqual(3);
    for (const product of tiered) expect(tiersBelowPrice(product.price, product.priceBreaks!), product.name).toBe(true);
    for (const { name, min, stock, packSize = 1, priceBreaks = [] } of packed) {
      expect([min, stock, ...priceBreaks.map((tier) => tier.minQuantity)].every((quantity) => isMultipleOfPack(quantity, packSize)), name).toBe(true);
    }
  });

  it('leaves the parts the shop\'s flows order and price (the original six, Radiator) at one price, any quantity', () => {
    const plain = [...demoProducts.slice(0, 6), demoProducts.find((p) => p.name === 'Radiator')!];
    expect(plain.map((p) => p.name)).toContain('Tire');
    for (const product of plain) expect([product.packSize, product.priceBreaks], product.name).toEqual([undefined, undefined]);
  });
});
