/**
 * Buyers waiting for parts that cannot be ordered for stock. Telling them is a flow's job
 * (flows/stock-alerts.ts): here the alerts are kept, and claimed once each.
 */
import { type StockAlert, stockAlertMessages } from '../../shared/choosing.js';
import { canBeOrdered } from '../../shared/stock.js';
import { sql } from 'kysely';
import { type Executor, now } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { productsForSale } from './product-rows.js';

/** Asks to be told about a part for sale that cannot be ordered now (409 when it can); asking again changes nothing. */
export async function askStockAlert(db: Executor, userId: number, productId: number): Promise<StockAlert> {
  const product = await productsForSale(db).where('id', '=', productId).executeTakeFirst();
  if (!product) throw notFound('Product');
  if (canBeOrdered({ min: product.min_quantity, stock: product.stock, packSize: product.pack_size })) throw conflict('orderable', stockAlertMessages.orderableNow);
  await db
    .insertInto('stock_alerts')
    .values({ user_id: userId, product_id: productId, created_at: now() })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
  const alert = await db.selectFrom('stock_alerts').select('created_at').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirstOrThrow();
  return { productId: String(product.id), sku: product.sku, name: product.name, createdAt: alert.created_at };
}

export async function cancelStockAlert(db: Executor, userId: number, productId: number): Promise<void> {
  await db.deleteFrom('stock_alerts').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}

/** The account's alerts, newest first, with their parts. */
export async function stockAlertsOf(db: Executor, userId: number): Promise<StockAlert[]> {
  const rows = await db
    .selectFrom('stock_alerts')
    .innerJoin('products', 'products.id', 'stock_alerts.product_id')
    .select(['stock_alerts.product_id', 'stock_alerts.created_at', 'products.sku', 'products.name'])
    .where('stock_alerts.user_id', '=', userId)
    .orderBy('stock_alerts.created_at', 'desc')
    .execute();
  return rows.map((row) => ({ productId: String(row.product_id), sku: row.sku, name: row.name, createdAt: row.created_at }));
}

export interface ClaimedAlert {
  userId: number;
  productId: number;
  sku: string;
  name: string;
}

/**
 * Deletes the alerts of every part for sale that can now be ordered, and answers them: in the caller's
 * transaction, so that they are claimed with the change that made the part orderable. Two servers
 * claiming at once never both get an alert: on PostgreSQL the second delete waits for the first's rows
 * and skips those it deleted; SQLite writes one transaction at a time.
 */
export async function claimAlertsOfOrderableParts(db: Executor): Promise<ClaimedAlert[]> {
  const claimed = await db
    .deleteFrom('stock_alerts')
    .where('product_id', 'in', (eb) =>
      eb
        .selectFrom('products')
        .select('id')
        .where('id', 'in', eb.selectFrom('stock_alerts').select('product_id'))
        .where('hidden_at', 'is', null)
        .where('archived_at', 'is', null)
        // `canBeOrdered`: some stock, and at least the minimum rounded up to whole packs.
        .where('stock', '>', 0)
        .where(sql<boolean>`stock >= ((min_quantity + pack_size - 1) / pack_size) * pack_size`),
    )
    .returning(['user_id', 'product_id'])
    .execute();
  if (claimed.length === 0) return [];
  const parts = await db.selectFrom('products').select(['id', 'sku', 'name']).where('id', 'in', [...new Set(claimed.map((row) => row.product_id))]).execute();
  const byId = new Map(parts.map((part) => [part.id, part]));
  return claimed.map((row) => ({ userId: row.user_id, productId: row.product_id, sku: byId.get(row.product_id)!.sku, name: byId.get(row.product_id)!.name }));
}
