import { listMessages } from '../../../shared/choosing-copy.js';
import { canBeOrdered } from '../../../shared/stock.js';
import type { PartsList } from '../../../shared/choosing.js';
import { addToCart } from '../../lib/cart-store.js';

/**
 * Adds every line of a list (read just now, at today's prices) that can be ordered to the cart, in one
 * step, and says which lines could not be: no part is dropped without a word. A part already in the cart
 * gets the cart's Replace or Add choice.
 */
export async function addListToCart(list: PartsList): Promise<{ added: number; refused: string[] }> {
  const refused: string[] = [];
  const lines: { productId: string; quantity: number; name: string }[] = [];
  for (const line of list.lines) {
    const { product } = line;
    if (!product) refused.push(listMessages.partGone);
    else if (!canBeOrdered(product) || line.quantity > product.stock) refused.push(listMessages.cannotOrder(product.sku, product.name, listMessages.outOfStock));
    else lines.push({ productId: line.productId, quantity: line.quantity, name: product.name });
  }
  await addToCart(lines);
  return { added: lines.length, refused };
}
