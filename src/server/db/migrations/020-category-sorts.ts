import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A category page sorted by price or name would read every part of the category for sale and sort them
 * each time the cache is cold. By category and then the sort key it reads the first page in order and
 * stops.
 */
export function categorySorts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, column] of [
        ['products_for_sale_category_price', 'price_cents'],
        ['products_for_sale_category_name', 'name'],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('products')
          .columns(['category', column, 'id'])
          .where(sql<boolean>`hidden_at IS NULL AND archived_at IS NULL`)
          .execute();
      }
    },
  };
}
