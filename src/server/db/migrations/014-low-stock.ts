import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Low stock: a part may have its own reorder threshold (null: the shop's LOW_STOCK_THRESHOLD). A part is
 * low when its stock is at or below its threshold. The default is a setting, so no single index can
 * hold "stock minus threshold" for every part: the parts on the default are found by a range of their
 * stock, the parts with their own threshold by a range of stock minus that threshold. Both indexes hold
 * only parts for sale.
 */
export function lowStock(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('reorder_threshold', 'integer').execute();
      await db.schema
        .createIndex('products_low_stock_default')
        .on('products')
        .columns(['stock', 'name', 'id'])
        .where(sql<boolean>`hidden_at IS NULL AND archived_at IS NULL AND reorder_threshold IS NULL`)
        .execute();
      await db.schema
        .createIndex('products_low_stock_own')
        .on('products')
        .expression(sql`(stock - reorder_threshold)`)
        .where(sql<boolean>`hidden_at IS NULL AND archived_at IS NULL AND reorder_threshold IS NOT NULL`)
        .execute();
    },
  };
}
