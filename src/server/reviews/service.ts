import type { Review } from '../../shared/api.js';
import type { Viewer } from '../auth/sessions.js';
import { REVIEW_LIST_MAX } from '../../shared/schemas.js';
import type { Db } from '../db/connection.js';
import { type ReviewRow, timestamps } from '../db/schema.js';

/** j***@example.com: the list is public, so other customers' addresses are not given away. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function toReviewDto(row: ReviewRow, viewer: Viewer | null): Review {
  return {
    _id: String(row.id),
    name: row.name,
    email: viewer?.role === 'admin' || viewer?.id === row.user_id ? row.email : maskEmail(row.email),
    rating: String(row.rating) as Review['rating'],
    comment: row.comment,
    createdAt: row.created_at,
  };
}

export async function listReviews(db: Db, limit = REVIEW_LIST_MAX): Promise<ReviewRow[]> {
  return db.kysely.selectFrom('reviews').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export async function postReview(db: Db, viewer: Viewer, input: { rating: number; comment: string }) {
  return db.kysely
    .insertInto('reviews')
    .values({
      user_id: viewer.id,
      name: viewer.name,
      email: viewer.email,
      rating: input.rating,
      comment: input.comment,
      ...timestamps(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
