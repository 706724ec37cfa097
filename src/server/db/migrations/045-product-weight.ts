import type { Kysely, Migration } from 'kysely';

/** A part's shipping weight in whole grams (0: not known), for shipping and the trade's package data (PIES). */
export function productWeight(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('weight_grams', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
