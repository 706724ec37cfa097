import type { Kysely, Migration } from 'kysely';

/**
 * An account's reviews by time: posting a review counts the author's reviews of the last hour
 * (REVIEW_RATE_LIMIT), which would otherwise read every review the shop has.
 */
export function reviewsByAuthor(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('reviews_by_author').on('reviews').columns(['user_id', 'created_at']).execute();
    },
  };
}
