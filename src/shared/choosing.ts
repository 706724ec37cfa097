/**
 * Choosing the right part (issue 65): reviews of a part by its buyers, the search's synonyms and
 * suggestions, back-in-stock alerts and saved parts lists. The wire shapes, the rules and the messages,
 * shared by the server and the browser.
 */
import { z } from 'zod';
import { cursorParameter, fieldMessages, RATINGS, requiredText } from './schemas.js';

export const choosingMessages = {
  alreadyReviewed: 'You have already reviewed this part: change your review instead',
  noReviewYet: 'You have not reviewed this part yet',
  titleRequired: 'Please give your review a title',
  reviewChangeEmpty: 'Change the rating, the title or the text',
  reviewPosted: 'Thank you! Your review of this part is posted.',
  reviewChanged: 'Your review is changed.',
  verifiedPurchase: 'Verified purchase',
} as const;

// ---- Reviews of a part ---------------------------------------------------------

export const PART_REVIEW_TITLE_MAX = 120;
export const PART_REVIEW_TEXT_MAX = 2000;
export const PART_REVIEW_PAGE = { default: 10, max: 50 } as const;

const ratingField = z
  .union([z.enum(RATINGS), z.number().int().min(1).max(5)], { error: fieldMessages.ratingInvalid })
  .transform(Number);
const titleField = requiredText(choosingMessages.titleRequired, PART_REVIEW_TITLE_MAX);
const commentField = requiredText(fieldMessages.commentRequired, PART_REVIEW_TEXT_MAX);

/** POST /api/products/:id/reviews */
export const partReviewInputSchema = z.object({ rating: ratingField, title: titleField, comment: commentField });
export type PartReviewInput = z.output<typeof partReviewInputSchema>;

/** PATCH /api/products/:id/reviews/mine: any of the three. */
export const partReviewPatchSchema = z
  .object({ rating: ratingField.optional(), title: titleField.optional(), comment: commentField.optional() })
  .refine((patch) => patch.rating !== undefined || patch.title !== undefined || patch.comment !== undefined, choosingMessages.reviewChangeEmpty);
export type PartReviewPatch = z.output<typeof partReviewPatchSchema>;

export const partReviewListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PART_REVIEW_PAGE.max).optional(),
  cursor: cursorParameter,
});

export const partReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  comment: z.string(),
  /** The author's name. */
  name: z.string(),
  /** The author has a paid order of the part. */
  verified: z.boolean(),
  createdAt: z.string(),
});
export type PartReview = z.infer<typeof partReviewSchema>;

export const RATING_LEVELS = ['5', '4', '3', '2', '1'] as const;

export const ratingSummarySchema = z.object({
  /** To one decimal; null without reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
  distribution: z.object({ '5': z.number().int(), '4': z.number().int(), '3': z.number().int(), '2': z.number().int(), '1': z.number().int() }),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const partReviewPageSchema = z.object({ items: z.array(partReviewSchema), nextCursor: z.string().nullable(), summary: ratingSummarySchema });
export type PartReviewPage = z.infer<typeof partReviewPageSchema>;

/** An average rating to one decimal, as every answer shows it. */
export function roundedAverage(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}

