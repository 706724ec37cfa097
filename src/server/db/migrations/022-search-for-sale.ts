import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The ids of the parts for sale. A ranked search on SQLite checks each match through this index, a
 * thirtieth of the table's size, instead of the table's rows (catalog/listing.ts names it).
 */
export function searchForSale(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('products_for_sale_ids')
        .on('products')
        .column('id')
        .where(sql<boolean>`hidden_at IS NULL AND archived_at IS NULL`)
        .execute();
    },
  };
}
