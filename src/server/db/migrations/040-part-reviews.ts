import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Reviews of a part (issue 65) live beside the shop's reviews, in the same table, so that moderation
 * (hide, show, the bulk hide) covers both: a review with a `product_id` is about that part, one without
 * is about the shop. A buyer reviews a part once (the unique index; the shop's reviews have no part and
 * are not limited). `verified` is set when the author has a paid order of the part.
 *
 * Each product keeps its shown reviews' count, sum and average, written with every review change in the
 * same transaction, so lists show and sort by rating without reading the reviews.
 */
export function partReviews(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('reviews')
        .addColumn('product_id', 'integer', (c) => c.references('products.id'))
        .execute();
      await db.schema.alterTable('reviews').addColumn('title', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('reviews').addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('reviews_one_per_part').unique().on('reviews').columns(['product_id', 'user_id']).execute();
      // A part's shown reviews, verified first, newest first: its page reads them by keyset.
      await db.schema
        .createIndex('reviews_of_part')
        .on('reviews')
        .columns(['product_id', 'verified', 'id'])
        .where(sql<boolean>`hidden_at IS NULL AND product_id IS NOT NULL`)
        .execute();
      for (const column of ['rating_count', 'rating_sum']) {
        await db.schema.alterTable('products').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
      }
      // 0 without reviews: every rating is at least 1, so unrated parts sort last.
      await db.schema.alterTable('products').addColumn('rating_average', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createIndex('products_by_rating')
        .on('products')
        .columns(['rating_average', 'id'])
        .where(sql<boolean>`hidden_at IS NULL AND archived_at IS NULL`)
        .execute();
    },
  };
}
