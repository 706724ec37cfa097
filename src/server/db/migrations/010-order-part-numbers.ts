import { type Kysely, type Migration, sql } from 'kysely';

/** An order keeps the part number it was placed for, as it keeps the name: a later renumbering rewrites no order. */
export function orderPartNumbers(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('product_sku', 'text', (c) => c.notNull().defaultTo('')).execute();
      await sql`update orders set product_sku = coalesce((select sku from products where products.id = orders.product_id), '')`.execute(db);
    },
  };
}
