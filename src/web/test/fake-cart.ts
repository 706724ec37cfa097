import type { Cart, CartLineAnswer } from '../../shared/api.js';
import type { CartLine } from '../lib/cart-store.js';
import type { FakeAnswer } from './fake-answers.js';

/** A cart line as the server answers it, for a part named "Part {id}" at $10 with plenty in stock. */
const answered = ({ productId, quantity }: CartLine, names: Record<string, string>): CartLineAnswer => ({
  productId,
  quantity,
  sku: `PT-${productId}`,
  name: names[productId] ?? `Part ${productId}`,
  img: '/images/products/tire.svg',
  unitPrice: 10,
  lineTotal: 10 * quantity,
  min: 1,
  packSize: 1,
  stock: 100_000,
  problem: null,
});

/** The signed-in buyer's cart on the server (GET and PUT /api/cart), starting with `lines`; `saved` lists every PUT's lines. */
export function fakeAccountCart(lines: CartLine[] = [], names: Record<string, string> = {}) {
  let cart = [...lines];
  const saved: CartLine[][] = [];
  const answer = (url: string, init: RequestInit): FakeAnswer | undefined => {
    if (url !== '/api/cart') return undefined;
    if (init.method === 'PUT') {
      cart = (JSON.parse(String(init.body)) as { lines: CartLine[] }).lines;
      saved.push(cart);
    }
    const body: Cart = { lines: cart.map((line) => answered(line, names)), updatedAt: '2030-06-01T10:00:00.000Z' };
    return { status: 200, body };
  };
  return { answer, saved };
}
