import { roundUpToPack } from './pricing.js';

/**
 * Whether a product can be ordered at all. An order is at least the product's min and at most its stock
 * (docs/legacy-contract.md#quantity), so a stock under the minimum order (or none) leaves no quantity to
 * order; a part sold in packs needs the smallest whole number of packs from its minimum up.
 * (No zod here: the home page's product cards use it.)
 */
export function canBeOrdered({ min, stock, packSize = 1 }: { min: number; stock: number; packSize?: number }): boolean {
  return stock > 0 && stock >= roundUpToPack(min, packSize);
}
