/**
 * The cart domain: a signed-in buyer's cart, kept by the shop so that it follows the buyer across devices.
 * The cart holds parts and quantities only; prices and stock are the catalog's, read each time it is shown.
 */
import type { Cart, CartLineAnswer } from '../../shared/api.js';
import { errorMessages, messages } from '../../shared/messages.js';
import { centsToDollars, orderTotalCents } from '../../shared/money.js';
import { type Pricing, unitPriceCentsFor } from '../../shared/pricing.js';
import { quantityError } from '../../shared/quantity.js';
import type { CartInput } from '../../shared/schemas.js';
import { canBeOrdered } from '../../shared/stock.js';
import { pricingOfProduct, visibleProductsById } from '../catalog/service.js';
import { type Executor, inTransaction, now, type ProductRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

/**
 * How the buyer's parts are priced: the public tiers unless given (app.ts gives the flows' member
 * pricing, flows/buyer-pricing.ts, so that this domain need not know of companies).
 */
export type CartPricing = (db: Executor, userId: number, products: readonly ProductRow[]) => Promise<(product: ProductRow) => Pricing>;

const publicPricing: CartPricing = async () => pricingOfProduct;

/** The buyer's cart as the shop sells its parts now, at the buyer's prices. A part no longer for sale leaves the cart. */
export async function cartOf(db: Executor, userId: number, pricingFor: CartPricing = publicPricing): Promise<Cart> {
  const cart = await db.selectFrom('carts').select('updated_at').where('user_id', '=', userId).executeTakeFirst();
  const lines = await db.selectFrom('cart_lines').select(['product_id', 'quantity']).where('user_id', '=', userId).orderBy('position').execute();
  const products = await visibleProductsById(db, lines.map((line) => line.product_id));
  const priceOf = await pricingFor(db, userId, [...products.values()]);
  return {
    lines: lines.flatMap(({ product_id, quantity }) => {
      const product = products.get(product_id);
      return product ? [cartLine(product, quantity, priceOf(product))] : [];
    }),
    updatedAt: cart?.updated_at ?? null,
  };
}

function cartLine(product: ProductRow, quantity: number, pricing: Pricing): CartLineAnswer {
  const unitCents = unitPriceCentsFor(pricing, quantity);
  const bounds = { min: product.min_quantity, stock: product.stock, packSize: product.pack_size };
  return {
    productId: String(product.id),
    quantity,
    sku: product.sku,
    name: product.name,
    img: product.img,
    unitPrice: centsToDollars(unitCents),
    lineTotal: centsToDollars(orderTotalCents(unitCents, quantity)),
    min: product.min_quantity,
    packSize: product.pack_size,
    stock: product.stock,
    problem: canBeOrdered(bounds) ? (quantityError(quantity, { ...bounds, pricing })?.message ?? null) : messages.ui.outOfStock,
  };
}

/**
 * Puts the buyer's cart as sent, lines in the order given. A line that is new or changes its quantity must
 * name a part for sale and a quantity the part's rules allow (its minimum, whole packs); what the stock
 * and the card limit say is each line's `problem`, since both change without the buyer. A line sent as it
 * was kept is not checked again: a rule that changed since is the buyer's to see in the cart, not a
 * reason to refuse the rest of it.
 */
export async function saveCart(db: Executor, userId: number, input: CartInput, pricingFor: CartPricing = publicPricing): Promise<Cart> {
  return inTransaction(db, async (trx) => {
    // Written first: on PostgreSQL the row lock queues two saves of one cart one after the other.
    const at = now();
    await trx
      .insertInto('carts')
      .values({ user_id: userId, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: at }))
      .execute();
    const kept = await trx.selectFrom('cart_lines').select(['product_id', 'quantity']).where('user_id', '=', userId).execute();
    const keptQuantity = new Map(kept.map((line) => [line.product_id, line.quantity]));
    const products = await visibleProductsById(trx, input.lines.map((line) => line.productId));
    const saved = input.lines.filter((line, index) => {
      const product = products.get(line.productId);
      if (keptQuantity.get(line.productId) === line.quantity) return product !== undefined;
      assertLineAllowed(line, index, product);
      return true;
    });
    await trx.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
    if (saved.length > 0) {
      await trx
        .insertInto('cart_lines')
        .values(saved.map((line, position) => ({ user_id: userId, product_id: line.productId, quantity: line.quantity, position })))
        .execute();
    }
    return cartOf(trx, userId, pricingFor);
  });
}

/** A new or changed line: a part for sale, at least its minimum, in whole packs (400 on `lines.N.…`). */
function assertLineAllowed(line: CartInput['lines'][number], index: number, product: ProductRow | undefined): void {
  if (!product) {
    const message = errorMessages.cartUnknownPart(line.productId);
    throw new HttpError(400, 'unknown_product', message, { [`lines.${index}.productId`]: message });
  }
  const problem = quantityError(line.quantity, { min: product.min_quantity, packSize: product.pack_size, stock: Number.POSITIVE_INFINITY });
  if (!problem) return;
  const message = errorMessages.orderLineProblem(`${product.sku} ${product.name}`, index + 1, problem.message);
  throw new HttpError(400, 'validation', message, { [`lines.${index}.quantity`]: problem.message });
}
