import type { Review, ReviewStatus } from '../../shared/api.js';
import type { ReviewModerationMode } from '../../shared/back-office.js';
import { reviewFlags } from '../../shared/review-flags.js';
import { type AdminReviewQuery, REVIEW_LIST_MAX } from '../../shared/schemas.js';
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
  const admin = viewer?.role === 'admin';
  return {
    _id: String(row.id),
    name: row.name,
    email: admin || viewer?.id === row.user_id ? row.email : maskEmail(row.email),
    rating: String(row.rating) as Review['rating'],
    comment: row.comment,
    hidden: row.status === 'hidden',
    status: row.status,
    createdAt: row.created_at,
    ...(row.product_id === null ? {} : { productId: String(row.product_id), title: row.title }),
    ...(admin && { flags: reviewFlags(row.title, row.comment) }),
  };
}

/** The one rule of what the shop shows: a review is shown when it is published (not pending, not hidden). */
export const SHOWN: ReviewStatus = 'published';

/** What REVIEW_MODERATION makes of a new review: held for approval ('before') or published at once ('after'). */
export const newReviewStatus = (moderation: ReviewModerationMode): ReviewStatus => (moderation === 'before' ? 'pending' : SHOWN);

/** The reviews of the shop (not of a part), as the home page and GET /api/review have them. */
function shownShopReviews(db: Executor) {
  return db.selectFrom('reviews').where('product_id', 'is', null).where('status', '=', SHOWN);
}

/** The newest reviews the shop shows. */
export async function listReviews(db: Executor, limit = REVIEW_LIST_MAX): Promise<ReviewRow[]> {
  return shownShopReviews(db).selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/** How many reviews the shop shows and their average rating to one decimal (0 without any). */
export async function reviewFigures(db: Executor): Promise<{ count: number; averageRating: number }> {
  const row = await shownShopReviews(db)
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.avg<number | string | null>('rating').as('average')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), averageRating: row.average === null ? 0 : Math.round(Number(row.average) * 10) / 10 };
}

/** How many reviews, of the shop and of parts, wait for approval (the staff home's count). */
export async function countPendingReviews(db: Executor): Promise<number> {
  const { count } = await db
    .selectFrom('reviews')
    .where('status', '=', 'pending')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Every review, of the shop and of parts, in any status unless filtered, newest first: for admins to moderate. */
export async function listAllReviews(db: Executor, filters: AdminReviewQuery = {}, limit = 500): Promise<ReviewRow[]> {
  let query = db.selectFrom('reviews').selectAll();
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.rating) query = query.where('rating', '=', filters.rating);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** What reviews entering (`sign` 1) or leaving (-1) the shown ones do to their parts' figures; reviews of the shop do nothing. */
function ratingChanges(reviews: readonly Pick<ReviewRow, 'product_id' | 'rating'>[], sign: 1 | -1): RatingChange[] {
  return reviews.flatMap((review) => (review.product_id === null ? [] : [{ productId: review.product_id, count: sign, sum: sign * review.rating }]));
}

/** The columns a review in `status` has: `hidden_at` records when it was hidden. */
const statusColumns = (status: ReviewStatus) => ({ status, hidden_at: status === 'hidden' ? now() : null, updated_at: now() });

/**
 * Approves (published), rejects (hidden) or holds (pending) a review. A review of a part that enters or
 * leaves the shown ones changes the part's rating figures in the same transaction; one already in that
 * status is answered as it is.
 */
export async function setReviewStatus(db: Executor, id: number, status: ReviewStatus): Promise<ReviewRow> {
  return db.transaction().execute(async (trx) => {
    // The row is changed only when its status differs, so two calls at once change the figures once.
    const before = await trx.selectFrom('reviews').select('status').where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('Review');
    const changed = await trx
      .updateTable('reviews')
      .set(statusColumns(status))
      .where('id', '=', id)
      .where('status', '=', before.status)
      .where('status', '<>', status)
      .returningAll()
      .executeTakeFirst();
    if (!changed) return trx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (before.status === SHOWN) await addToRatings(trx, ratingChanges([changed], -1));
    if (status === SHOWN) await addToRatings(trx, ratingChanges([changed], 1));
    return changed;
  });
}

/**
 * Hides every given review that is not hidden yet, and records each one hidden in the audit log; the
 * answer counts only those this call hid (already hidden or unknown ids are left as they are). The
 * published ones leave their parts' figures; the pending ones never were in them.
 */
export async function hideReviews(db: Executor, admin: Viewer, ids: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const hideFrom = (from: ReviewStatus) =>
      trx.updateTable('reviews').set(statusColumns('hidden')).where('id', 'in', ids).where('status', '=', from).returning(['id', 'name', 'product_id', 'rating']).execute();
    const published = await hideFrom(SHOWN);
    const pending = await hideFrom('pending');
    await addToRatings(trx, ratingChanges(published, -1));
    const hidden = [...published, ...pending].sort((a, b) => a.id - b.id);
    for (const review of hidden) await recordAdminAction(trx, admin, 'review.hide', `review ${review.id} by ${review.name}`);
    return hidden.length;
  });
}

/** Deletes a review for good (404 when there is none), recorded in the audit log; a published one leaves its part's figures. */
export async function deleteReview(db: Executor, admin: Viewer, id: number): Promise<ReviewRow> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('reviews').where('id', '=', id).returningAll().executeTakeFirst();
    if (!deleted) throw notFound('Review');
    if (deleted.status === SHOWN) await addToRatings(trx, ratingChanges([deleted], -1));
    await recordAdminAction(trx, admin, 'review.delete', `review ${deleted.id} by ${deleted.name}`);
    return deleted;
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
 * whatever it reviews. REVIEW_MODERATION decides whether it waits for approval.
 */
export async function postReview(db: Executor, viewer: Viewer, input: { rating: number; comment: string }, limit: ReviewLimit, moderation: ReviewModerationMode) {
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
        status: newReviewStatus(moderation),
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

