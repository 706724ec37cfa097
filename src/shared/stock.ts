/**
 * Whether a product can be ordered at all. SPEC section 9: an order is at least the product's min and at
 * most its stock, so a stock under the minimum order (or none) leaves no quantity to order.
 * (No zod here: the home page's product cards use it.)
 */
export function canBeOrdered({ min, stock }: { min: number; stock: number }): boolean {
  return stock > 0 && stock >= min;
}
