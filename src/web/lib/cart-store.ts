import { storedValue } from './stored-value.js';

/**
 * The cart, kept by the browser (a visitor may fill it; placing the order needs an account). It holds
 * which parts and how many, never prices: the cart page shows each part's current price and tier.
 * Small on purpose: product cards on the home page add to it.
 */
export interface CartLine {
  productId: string;
  quantity: number;
}

const isLine = (value: unknown): value is CartLine =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CartLine).productId === 'string' &&
  Number.isInteger((value as CartLine).quantity) &&
  (value as CartLine).quantity > 0;

const stored = storedValue<CartLine[]>('partsmith:cart', (value) => (Array.isArray(value) && value.every(isLine) ? value : null), []);

export const readCart = stored.read;
export const useCart = stored.use;

/** Adds parts: a part already in the cart gets the quantities added together, new parts go last. */
export function addToCart(lines: readonly CartLine[]): void {
  stored.write((cart) => {
    const next = cart.map((line) => ({ ...line }));
    for (const line of lines) {
      const present = next.find((item) => item.productId === line.productId);
      if (present) present.quantity += line.quantity;
      else next.push({ ...line });
    }
    return next;
  });
}

/** Sets one part's quantity (the cart page's input). */
export function setCartQuantity(productId: string, quantity: number): void {
  stored.write((cart) => cart.map((line) => (line.productId === productId ? { ...line, quantity } : line)));
}

export function removeFromCart(productId: string): void {
  stored.write((cart) => cart.filter((line) => line.productId !== productId));
}

/** Empties the cart and puts these lines in it ("Order again"). */
export function replaceCart(lines: readonly CartLine[]): void {
  stored.write(() => lines.map((line) => ({ ...line })));
}

export function clearCart(): void {
  stored.write(() => []);
}
