/** Parts to reorder: those for sale at or below their reorder threshold (their own, else the shop's default). */
import { sql } from 'kysely';
import type { LowStockItem } from '../../shared/api.js';
import type { Executor } from '../db/schema.js';

/** The most parts one answer lists. */
export const LOW_STOCK_LIMIT = 500;

export interface LowStock {
  items: LowStockItem[];
  /** More parts are low than `items` lists. */
  more: boolean;
}

/**
 * The parts for sale that are low, in two halves, each read through its own index (migration 014): the
 * parts on the default by their stock, the parts with a threshold of their own by their stock minus it.
 */
function lowHalves(db: Executor, defaultThreshold: number) {
  const forSale = db.selectFrom('products').where('hidden_at', 'is', null).where('archived_at', 'is', null);
  return {
    onDefault: forSale.where('reorder_threshold', 'is', null).where('stock', '<=', defaultThreshold),
    onOwn: forSale.where('reorder_threshold', 'is not', null).where(sql<number>`stock - reorder_threshold`, '<=', 0),
  };
}

/** The low parts, lowest stock first, then by name. */
export async function lowStock(db: Executor, defaultThreshold: number, limit = LOW_STOCK_LIMIT): Promise<LowStock> {
  const halves = lowHalves(db, defaultThreshold);
  const columns = ['id', 'sku', 'name', 'stock', 'min_quantity'] as const;
  const onDefault = halves.onDefault.select(columns).select(sql<number>`cast(${defaultThreshold} as integer)`.as('threshold'));
  const onOwn = halves.onOwn.select(columns).select((eb) => eb.ref('reorder_threshold').$notNull().as('threshold'));
  const rows = await onDefault
    .unionAll(onOwn)
    .orderBy('stock')
    .orderBy('name')
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  const items = rows.slice(0, limit).map((row) => ({
    productId: String(row.id),
    sku: row.sku,
    name: row.name,
    stock: row.stock,
    threshold: row.threshold,
    min: row.min_quantity,
  }));
  return { items, more: rows.length > limit };
}

/** How many parts are low: every one the list would name, however many. */
export async function countLowStock(db: Executor, defaultThreshold: number): Promise<number> {
  const { onDefault, onOwn } = lowHalves(db, defaultThreshold);
  const count = sql<number | string>`count(*)`.as('count');
  const rows = await onDefault.select(count).unionAll(onOwn.select(count)).execute();
  return rows.reduce((total, row) => total + Number(row.count), 0);
}
