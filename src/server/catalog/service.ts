/** The catalog owns products and their stock; other domains reserve and release stock through here. */
import { sql } from 'kysely';
import type { Product } from '../../shared/api.js';
import { centsToDollars, dollarsToCents } from '../../shared/money.js';
import type { ProductInput } from '../../shared/schemas.js';
import { type Executor, now, type ProductRow, timestamps } from '../db/schema.js';
import { notFound } from '../http/errors.js';

export function toProductDto(row: ProductRow): Product {
  return {
    _id: String(row.id),
    name: row.name,
    img: row.img,
    description: row.description,
    min: row.min_quantity,
    stock: row.stock,
    price: centsToDollars(row.price_cents),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Visible products, newest first; `q` matches anywhere in the name, case-insensitively. */
export async function listProducts(db: Executor, options: { q?: string; limit: number; beforeId?: number }): Promise<ProductRow[]> {
  let query = db.selectFrom('products').selectAll().where('hidden_at', 'is', null);
  if (options.q) query = query.where(sql<string>`lower(name)`, 'like', sql<string>`${likePattern(options.q)} escape '\\'`);
  if (options.beforeId) query = query.where('id', '<', options.beforeId);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

/** A product that is for sale (not hidden), or 404. */
export async function getVisibleProduct(db: Executor, id: number): Promise<ProductRow> {
  const product = await db.selectFrom('products').selectAll().where('id', '=', id).where('hidden_at', 'is', null).executeTakeFirst();
  if (!product) throw notFound('Product');
  return product;
}

export async function hasAnyProduct(db: Executor): Promise<boolean> {
  return Boolean(await db.selectFrom('products').select('id').limit(1).executeTakeFirst());
}

export async function createProducts(db: Executor, inputs: ProductInput[]): Promise<ProductRow[]> {
  if (inputs.length === 0) return [];
  return db
    .insertInto('products')
    .values(
      inputs.map((input) => ({
        name: input.name,
        description: input.description,
        img: input.img,
        price_cents: dollarsToCents(input.price),
        stock: input.stock,
        min_quantity: input.min,
        hidden_at: null,
        ...timestamps(),
      })),
    )
    .returningAll()
    .execute();
}

export async function createProduct(db: Executor, input: ProductInput): Promise<ProductRow> {
  const [product] = await createProducts(db, [input]);
  return product!;
}

/**
 * Takes `quantity` units of a product for sale, or nothing. The condition is in the update itself
 * (`stock >= quantity`), so concurrent reservations never take more than there is, on either database,
 * whatever the caller read before. From here to the commit the product's row is locked (PostgreSQL):
 * callers keep that stretch short.
 */
export async function reserveStock(db: Executor, productId: number, quantity: number): Promise<boolean> {
  const reserved = await db
    .updateTable('products')
    .set({ stock: sql<number>`stock - ${quantity}`, updated_at: now() })
    .where('id', '=', productId)
    .where('stock', '>=', quantity)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return reserved.numUpdatedRows > 0n;
}

/** Units an order let go of (cancelled or expired) go back to their product, hidden or not. */
export async function releaseStock(db: Executor, productId: number, quantity: number): Promise<void> {
  await db
    .updateTable('products')
    .set({ stock: sql<number>`stock + ${quantity}`, updated_at: now() })
    .where('id', '=', productId)
    .execute();
}

export async function currentStock(db: Executor, productId: number): Promise<number> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  return row?.stock ?? 0;
}

/** Takes a product off the shop; a hidden product keeps its row, for the orders that point at it. */
export async function hideProduct(db: Executor, id: number): Promise<void> {
  await db.updateTable('products').set({ hidden_at: now(), updated_at: now() }).where('id', '=', id).execute();
}

export async function deleteProduct(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}
