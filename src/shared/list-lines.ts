/** Saved parts lists' line rules that the cart page needs, apart from the wire schemas (choosing.ts) so the cart does not carry them. */
import { LIST_QUANTITY_MAX } from './choosing-copy.js';

/**
 * A list's lines with more parts added (the cart's, say): a part already in the list gets the added
 * quantity on top, capped at the list's maximum quantity; a new part comes last. The list's order stays.
 */
export function mergeListLines(
  lines: readonly { productId: number; quantity: number }[],
  added: readonly { productId: number; quantity: number }[],
): { productId: number; quantity: number }[] {
  const merged = new Map(lines.map((line) => [line.productId, line.quantity]));
  for (const line of added) merged.set(line.productId, Math.min(LIST_QUANTITY_MAX, (merged.get(line.productId) ?? 0) + line.quantity));
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}
