import type { Kysely, Migration } from 'kysely';

/**
 * A part's numbers come with every part a page, a part page or a lookup shows, in the order they were
 * entered (catalog/numbers.ts, `numbersColumn`). The unique index by part is ordered by type and number,
 * so each part's numbers would be looked up in the table and sorted; this index holds them by part in
 * that order, with the columns shown, and answers them alone, on both databases (on PostgreSQL an
 * index-only scan, no sort step).
 */
export function productNumbersListed(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('product_numbers_listed').on('product_numbers').columns(['product_id', 'id', 'type', 'brand', 'number']).execute();
    },
  };
}
