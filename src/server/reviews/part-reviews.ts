/**
 * Reviews of a part by the buyers (issue 65): one per buyer and part, verified when they have a paid
 * order of it, listed verified first. Every change of a shown review changes the part's rating figures
 * (catalog's `addToRatings`) in the same transaction.
 */
import { choosingMessages, PART_REVIEW_PAGE, type PartReview, type PartReviewInput, type PartReviewPage, type PartReviewPatch, RATING_LEVELS, type RatingSummary, roundedAverage } from '../../shared/choosing.js';
import { decodeCursor, encodeCursor, fieldMessages } from '../../shared/schemas.js';
import { addToRatings, getVisibleProduct } from '../catalog/service.js';
import { isUniqueViolation } from '../db/errors.js';
import { type Executor, isPostgres, now, type ReviewRow, timestamps } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { partsBoughtBy } from '../orders/service.js';
import type { ReviewModerationMode } from '../../shared/back-office.js';
import { newReviewStatus, refuseOverLimit, type ReviewLimit, SHOWN } from './service.js';

function toPartReviewDto(row: ReviewRow): PartReview {
  return {
    id: String(row.id),
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    name: row.name,
    verified: row.verified === 1,
    status: row.status,
    createdAt: row.created_at,
  };
}

/** The shown reviews of a part. */
function shownReviewsOf(db: Executor, productId: number) {
  return db.selectFrom('reviews').where('product_id', '=', productId).where('status', '=', SHOWN);
}

/** One page of a part for sale's shown reviews (verified first, then newest first, by keyset), with the summary of all of them. */
export async function partReviewPage(db: Executor, productId: number, options: { limit?: number; cursor?: string }): Promise<PartReviewPage> {
  await getVisibleProduct(db, productId);
  const limit = options.limit ?? PART_REVIEW_PAGE.default;
  const after = options.cursor === undefined ? undefined : (decodeCursor('review', options.cursor) ?? invalidCursor());
  let query = shownReviewsOf(db, productId).selectAll().orderBy('verified', 'desc').orderBy('id', 'desc').limit(limit + 1);
  if (after) {
    const [verified, id] = after;
    query = query.where((eb) => eb.or([eb('verified', '<', verified), eb.and([eb('verified', '=', verified), eb('id', '<', id)])]));
  }
  const [rows, summary] = await Promise.all([query.execute(), ratingSummary(db, productId)]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toPartReviewDto),
    nextCursor: rows.length > limit && last ? encodeCursor('review', [last.verified, last.id]) : null,
    summary,
  };
}

function invalidCursor(): never {
  throw badRequest(fieldMessages.cursorInvalid, { cursor: fieldMessages.cursorInvalid });
}

/** How many shown reviews a part has of each rating, their count and average. */
async function ratingSummary(db: Executor, productId: number): Promise<RatingSummary> {
  const rows = await shownReviewsOf(db, productId)
    .select(['rating', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('rating')
    .execute();
  const distribution = Object.fromEntries(RATING_LEVELS.map((level) => [level, 0])) as RatingSummary['distribution'];
  let count = 0;
  let sum = 0;
  for (const row of rows) {
    const n = Number(row.count);
    distribution[String(row.rating) as keyof RatingSummary['distribution']] = n;
    count += n;
    sum += n * row.rating;
  }
  return { average: roundedAverage(sum, count), count, distribution };
}

/**
 * The viewer's review of a part for sale: 409 when they already reviewed it, 429 past the review limit.
 * It counts in the part's figures once published (at once with REVIEW_MODERATION=after).
 */
export async function postPartReview(
  db: Executor,
  viewer: Viewer,
  productId: number,
  input: PartReviewInput,
  limit: ReviewLimit,
  moderation: ReviewModerationMode,
): Promise<PartReview> {
  try {
    return await db.transaction().execute(async (trx) => {
      await getVisibleProduct(trx, productId);
      await refuseOverLimit(trx, viewer, limit);
      if (await ownReview(trx, viewer, productId)) throw alreadyReviewed();
      const verified = (await partsBoughtBy(trx, viewer.id, [productId])).has(productId);
      const row = await trx
        .insertInto('reviews')
        .values({ user_id: viewer.id, product_id: productId, name: viewer.name, email: viewer.email, verified: verified ? 1 : 0, ...input, status: newReviewStatus(moderation), ...timestamps() })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (row.status === SHOWN) await addToRatings(trx, [{ productId, count: 1, sum: row.rating }]);
      return toPartReviewDto(row);
    });
  } catch (error) {
    // Two posts at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw alreadyReviewed();
    throw error;
  }
}

const alreadyReviewed = () => conflict('already_reviewed', choosingMessages.alreadyReviewed);

function ownReviewQuery(db: Executor, viewer: Viewer, productId: number) {
  return db.selectFrom('reviews').selectAll().where('product_id', '=', productId).where('user_id', '=', viewer.id);
}

function ownReview(db: Executor, viewer: Viewer, productId: number) {
  return ownReviewQuery(db, viewer, productId).executeTakeFirst();
}

/**
 * Changes the viewer's review of a part (404 when they have none); whether it is verified is checked again.
 * With REVIEW_MODERATION=before new words (title or comment) of a published review wait for approval
 * again, so an approved review cannot be turned into spam; a new rating alone stays published.
 */
export async function changeOwnPartReview(db: Executor, viewer: Viewer, productId: number, patch: PartReviewPatch, moderation: ReviewModerationMode): Promise<PartReview> {
  return db.transaction().execute(async (trx) => {
    // Held until the commit on PostgreSQL, so that two changes at once each add their own difference.
    const before = await (isPostgres(trx) ? ownReviewQuery(trx, viewer, productId).forUpdate() : ownReviewQuery(trx, viewer, productId)).executeTakeFirst();
    if (!before) throw notFound('Review');
    const verified = (await partsBoughtBy(trx, viewer.id, [productId])).has(productId);
    const newWords = patch.title !== undefined || patch.comment !== undefined;
    const status = before.status === SHOWN && newWords ? newReviewStatus(moderation) : before.status;
    const after = await trx
      .updateTable('reviews')
      .set({ ...patch, verified: verified ? 1 : 0, status, updated_at: now() })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (before.status === SHOWN) {
      const stays = after.status === SHOWN;
      await addToRatings(trx, [{ productId, count: stays ? 0 : -1, sum: (stays ? after.rating : 0) - before.rating }]);
    }
    return toPartReviewDto(after);
  });
}

/** A paid order makes its buyer's reviews of its parts verified purchases. */
export async function verifyPurchases(db: Executor, userId: number, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .updateTable('reviews')
    .set({ verified: 1 })
    .where('user_id', '=', userId)
    .where('product_id', 'in', [...productIds])
    .where('verified', '=', 0)
    .execute();
}
