import { toast } from '../../../lib/toast.js';
import type { Product } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { canBeOrdered } from '../../../../shared/stock.js';
import { addToCart } from '../../../lib/cart-store.js';
import { smallestQuantity } from '../quantity-input.js';

const text = messages.ui.cart;

/**
 * Puts `quantity` units of the part in the cart and says so; a part already there is the buyer's to
 * Replace or Add (the cart asks). A part that cannot be ordered cannot be added.
 */
export async function addPartToCart(product: Product, quantity: number): Promise<void> {
  const added = await addToCart([{ productId: product._id, quantity, name: product.name }]);
  if (added.length > 0) toast.success(text.added(product.name, quantity));
}

/**
 * A product card's 'Add to cart': the smallest quantity the shop accepts (the minimum order in whole packs),
 * to change in the cart. Disabled, like 'Order Now', for a part that is out of stock.
 * (On the home page: it imports nothing but the cart store and the pricing rules.)
 */
export function AddToCartButton({ product, className }: { product: Product; className: string }) {
  return (
    <button
      type="button"
      className={className}
      aria-label={text.addLabel(product.name)}
      disabled={!canBeOrdered(product)}
      onClick={() => void addPartToCart(product, smallestQuantity(product))}
    >
      {text.add}
    </button>
  );
}
