import { useQueries } from '@tanstack/react-query';
import { productQuery } from '../catalog/api.js';
import type { CartLine } from '../../lib/cart-store.js';

/** Each line's product as the shop has it now (price, tiers, pack, stock), kept fresh like place-order/{id}. */
export function useCartProducts(lines: readonly CartLine[]) {
  return useQueries({ queries: lines.map((line) => productQuery(line.productId)) });
}
