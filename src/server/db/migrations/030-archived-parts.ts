import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The ids of the archived parts, for the staff's list of them (`status=archived`, catalog/listing.ts).
 * Without it that list walks the whole catalog newest first looking for archived parts, the longer the
 * fewer there are. Archiving is rare, so the index stays small and
 * is seldom written.
 */
export function archivedParts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('products_archived_ids')
        .on('products')
        .column('id')
        .where(sql<boolean>`hidden_at IS NULL AND archived_at IS NOT NULL`)
        .execute();
    },
  };
}
