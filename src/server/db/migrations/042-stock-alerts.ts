import type { Kysely, Migration } from 'kysely';

/**
 * Buyers waiting for a part to be orderable again (issue 65): one row per buyer and part until the
 * e-mail is written (the row is deleted as it is claimed) or the buyer cancels it.
 */
export function stockAlerts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stock_alerts')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_alerts_pk', ['user_id', 'product_id'])
        .execute();
      await db.schema.createIndex('stock_alerts_product').on('stock_alerts').column('product_id').execute();
    },
  };
}
