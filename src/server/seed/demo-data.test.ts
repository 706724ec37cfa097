import { describe, expect, it } from 'vitest';
import { normalisePartNumber } from '../../shared/catalog.js';
import { productPatchSchema } from '../../shared/schemas.js';
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
});
