import type { Product } from '../../../shared/api.js';
import { roundUpToPack } from '../../../shared/pricing.js';

/** The smallest quantity the shop accepts: the minimum order, rounded up to whole packs. (Small: product cards use it.) */
export const smallestQuantity = (product: Pick<Product, 'min' | 'packSize'>) => roundUpToPack(product.min, product.packSize);

/** A quantity input's attributes for a part: from its smallest accepted quantity up to its stock, a pack at a step. */
export function quantityInputProps(product: Pick<Product, 'min' | 'stock' | 'packSize'>) {
  return { type: 'number', inputMode: 'numeric', min: smallestQuantity(product), max: product.stock, step: product.packSize } as const;
}
