import type { Kysely, Migration } from 'kysely';

/**
 * How each part of a page fits a vehicle is read by part (catalog/applications.ts, `fitmentColumn`): the
 * index by part now holds the vehicle, qualifier and position too, so it answers that from the index
 * alone. Through the part id alone each of a page's applications would be a lookup in the table; through
 * the make and model, a read of the model's other applications. It replaces the index of part ids, which it serves as well (a part's
 * applications rewritten, the foreign key's check when a part is deleted).
 */
export function applicationsByPartCovering(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('applications_product').execute();
      await db.schema
        .createIndex('applications_product')
        .on('applications')
        .columns(['product_id', 'make', 'model', 'year_from', 'year_to', 'submodel', 'engine', 'qualifier', 'position'])
        .execute();
    },
  };
}
