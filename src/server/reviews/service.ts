import type { Review } from '../../shared/api.js';
import { REVIEW_LIST_MAX } from '../../shared/schemas.js';
import { type Executor, now, type ReviewRow, timestamps } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { errorMessages } from '../../shared/messages.js';
import { holdAccount } from '../users/service.js';
import type { Viewer } from '../http/access.js';
import { recordAdminAction } from '../audit/service.js';
import { addToRatings, type RatingChange } from '../catalog/service.js';

/** j***@example.com: the list is public, so other customers' addresses are not given away. */
export function maskEmail(email: string): string {
  // By index rather than split('@'): every uncached list masks each of its addresses.
  const at = email.indexOf('@');
  if (at < 0) return `${email.slice(0, 1)}***@`;
  const domainEnd = email.indexOf('@', at + 1);
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at, domainEnd < 0 ? undefined : domainEnd)}`;
}

export function toReviewDto(row: ReviewRow, viewer: Viewer | null): Review {
  return {
    _id: String(row.id),
    name: row.name,
    email: viewer?.role === 'admin' || viewer?.id === row.user_id ? row.email : maskEmail(row.email),
    rating: String(row.rating) as Review['rating'],
    comment: row.comment,
    hidden: row.hidden_at !== null,
    status: row.status,
    createdAt: row.created_at,
    ...(row.product_id === null ? {} : { productId: String(row.product_id), title: row.title }),
  };
}

/** The reviews of the shop (not of a part), as the home page and GET /api/review have them. */
function shopReviews(db: Executor) {
  return db.selectFrom('reviews').where('product_id', 'is', null);
}

/** The newest reviews the shop shows (not hidden by an admin). */
export async function listReviews(db: Executor, limit = REVIEW_LIST_MAX): Promise<ReviewRow[]> {
  return shopReviews(db).selectAll().where('hidden_at', 'is', null).orderBy('id', 'desc').limit(limit).execute();
}

/** How many reviews the shop shows and their average rating to one decimal (0 without any). */
export async function reviewFigures(db: Executor): Promise<{ count: number; averageRating: number }> {
  const row = await shopReviews(db)
    .where('hidden_at', 'is', null)
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.avg<number | string | null>('rating').as('average')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), averageRating: row.average === null ? 0 : Math.round(Number(row.average) * 10) / 10 };
}

/** Every review, of the shop and of parts, hidden ones too, newest first: for admins to moderate. */
export async function listAllReviews(db: Executor, limit = 500): Promise<ReviewRow[]> {
  return db.selectFrom('reviews').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Hides a review or shows it again. A review of a part that changes this way changes the part's rating
 * figures in the same transaction; one already so is answered as it is.
 */
export async function setReviewHidden(db: Executor, id: number, hidden: boolean): Promise<ReviewRow> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('reviews')
      .set({ hidden_at: hidden ? now() : null, updated_at: now() })
      .where('id', '=', id)
      .where('hidden_at', hidden ? 'is' : 'is not', null)
      .returningAll()
      .executeTakeFirst();
    if (changed) {
      await addToRatings(trx, ratingChanges([changed], hidden ? -1 : 1));
      return changed;
    }
    const review = await trx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
    if (!review) throw notFound('Review');
    return review;
  });
}

/** What shown or hidden reviews do to their parts' figures (`sign` 1 shown, -1 hidden); reviews of the shop do nothing. */
function ratingChanges(reviews: readonly Pick<ReviewRow, 'product_id' | 'rating'>[], sign: 1 | -1): RatingChange[] {
  return reviews.flatMap((review) => (review.product_id === null ? [] : [{ productId: review.product_id, count: sign, sum: sign * review.rating }]));
}

/**
 * Hides every given review that is still shown, in one UPDATE, and records each one hidden in the audit
 * log; the answer counts only those this call hid (already hidden or unknown ids are left as they are).
 */
export async function hideReviews(db: Executor, admin: Viewer, ids: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const hidden = await trx
      .updateTable('reviews')
      .set({ hidden_at: now(), updated_at: now() })
      .where('id', 'in', ids)
      .where('hidden_at', 'is', null)
      .returning(['id', 'name', 'product_id', 'rating'])
      .execute();
    await addToRatings(trx, ratingChanges(hidden, -1));
    for (const review of hidden) await recordAdminAction(trx, admin, 'review.hide', `review ${review.id} by ${review.name}`);
    return hidden.length;
  });
}

const HOUR_MS = 3600_000;

export interface ReviewLimit {
  maxPerHour: number;
}

/**
 * 429 when the account already wrote `maxPerHour` reviews (of the shop or of parts) in the last hour.
 * It holds the account for the rest of the caller's transaction, so that parallel posts of one account
 * are counted one after the other and none slips past the limit.
 */
export async function refuseOverLimit(trx: Executor, viewer: Viewer, { maxPerHour }: ReviewLimit): Promise<void> {
  await holdAccount(trx, viewer.id);
  const since = new Date(Date.now() - HOUR_MS).toISOString();
  const { count } = await trx
    .selectFrom('reviews')
    .where('user_id', '=', viewer.id)
    .where('created_at', '>', since)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) >= maxPerHour) throw new HttpError(429, 'too_many_reviews', errorMessages.tooManyReviews(maxPerHour));
}

/**
 * Posts the viewer's review, unless the account already posted `maxPerHour` in the last hour (429). The
 * count and the insert run in one transaction holding the account, so parallel posts of one account are
 * counted one after the other and none slips past the limit. Every review row the account wrote counts,
 * whatever it reviews.
 */
export async function postReview(db: Executor, viewer: Viewer, input: { rating: number; comment: string }, limit: ReviewLimit) {
  return db.transaction().execute(async (trx) => {
    await refuseOverLimit(trx, viewer, limit);
    return trx
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
  });
}

/** Reviews written elsewhere (the demo catalog's), kept as they were written. */
export async function importReviews(db: Executor, reviews: { name: string; email: string; rating: number; comment: string }[]) {
  if (reviews.length === 0) return;
  await db
    .insertInto('reviews')
    .values(reviews.map((review) => ({ ...review, user_id: null, ...timestamps() })))
    .execute();
}

/** How many reviews wait for an admin's approval (the staff home). */
export async function countReviewsToApprove(db: Executor): Promise<number> {
  const row = await db.selectFrom('reviews').where('status', '=', 'pending').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
