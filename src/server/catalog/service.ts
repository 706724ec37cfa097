import type { Product } from '../../shared/api.js';
import { centsToDollars, dollarsToCents } from '../../shared/money.js';
import type { ProductInput } from '../../shared/schemas.js';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { type Database, now, timestamps, type ProductRow } from '../db/schema.js';
import { notFound } from '../errors.js';

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
export async function listProducts(db: Db, options: { q?: string; limit: number; beforeId?: number }): Promise<ProductRow[]> {
  let query = db.kysely.selectFrom('products').selectAll().where('hidden_at', 'is', null);
  if (options.q) query = query.where(sql<string>`lower(name)`, 'like', sql<string>`${likePattern(options.q)} escape '\\'`);
  if (options.beforeId) query = query.where('id', '<', options.beforeId);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

/** A product that is for sale (not hidden), or 404; `executor` may be a transaction. */
export async function getVisibleProduct(executor: Kysely<Database>, id: number): Promise<ProductRow> {
  const product = await executor
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  if (!product) throw notFound('Product');
  return product;
}

export async function createProduct(db: Db, input: ProductInput): Promise<ProductRow> {
  return db.kysely
    .insertInto('products')
    .values({
      name: input.name,
      description: input.description,
      img: input.img,
      price_cents: dollarsToCents(input.price),
      stock: input.stock,
      min_quantity: input.min,
      hidden_at: null,
      ...timestamps(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A product that was ever ordered is hidden (its orders still point at it); otherwise it is deleted. */
export async function removeProduct(db: Db, id: number): Promise<ProductRow> {
  return db.kysely.transaction().execute(async (trx) => {
    const product = await getVisibleProduct(trx, id);
    const ordered = await trx.selectFrom('orders').select('id').where('product_id', '=', id).limit(1).executeTakeFirst();
    if (ordered) {
      await trx.updateTable('products').set({ hidden_at: now(), updated_at: now() }).where('id', '=', id).execute();
    } else {
      await trx.deleteFrom('products').where('id', '=', id).execute();
    }
    return product;
  });
}
