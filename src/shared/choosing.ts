/**
 * Choosing the right part (issue 65): reviews of a part by its buyers, the search's synonyms and
 * suggestions, back-in-stock alerts and saved parts lists. The wire shapes, the rules and the messages,
 * shared by the server and the browser.
 */
import { z } from 'zod';
import { productSchema } from './api.js';
import { REVIEW_STATUSES } from './review-status.js';
import { cursorParameter, fieldMessages, RATINGS, requiredText } from './schemas.js';
import { LIST_LINES_MAX, LIST_NAME_MAX, LIST_QUANTITY_MAX, listMessages, choosingMessages, SYNONYM_GROUPS_MAX, SYNONYM_TERMS_MAX, SYNONYM_WORDS_MAX, synonymMessages } from './choosing-copy.js';

export * from './choosing-copy.js';

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
  /** Moderation (issue 62): the shop lists published ones only; the author's own may be pending. */
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
});
export type PartReview = z.infer<typeof partReviewSchema>;

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

// ---- Search that forgives ---------------------------------------------------------

/** Words of this many letters or more may be found with one typo. */
export const TYPO_MIN_LENGTH = 5;

/**
 * Whether `typed` is `word` with one letter wrong, missing, extra, or two neighbours swapped (or is it):
 * the optimal-string-alignment distance of the two is at most 1.
 */
export function withinOneTypo(typed: string, word: string): boolean {
  if (typed === word) return true;
  const [a, b] = typed.length <= word.length ? [typed, word] : [word, typed];
  if (b.length - a.length > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start += 1;
  if (a.length === b.length) {
    // One letter wrong, or two neighbours swapped.
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  // One letter missing from the shorter.
  return a.slice(start) === b.slice(start + 1);
}

/** A synonym as the search compares it: lower case, its words separated by one space. */
export function normaliseSynonym(term: string): string {
  return term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .join(' ');
}

/** GET|PUT /api/admin/search/synonyms: groups of terms the search takes for one another, both ways. */
export const synonymGroupsSchema = z.object({
  groups: z
    .array(
      z
        .array(
          z
            .string()
            .max(60)
            .transform(normaliseSynonym)
            .refine((term) => term !== '', synonymMessages.termEmpty)
            .refine((term) => term.split(' ').length <= SYNONYM_WORDS_MAX, synonymMessages.termTooLong),
        )
        .transform((terms) => [...new Set(terms)])
        .refine((terms) => terms.length >= 2, synonymMessages.groupTooSmall)
        .refine((terms) => terms.length <= SYNONYM_TERMS_MAX, synonymMessages.groupTooLarge),
    )
    .max(SYNONYM_GROUPS_MAX)
    .superRefine((groups, context) => {
      const seen = new Set<string>();
      for (const term of groups.flat()) {
        if (seen.has(term)) context.addIssue({ code: 'custom', message: synonymMessages.termTwice(term) });
        seen.add(term);
      }
    }),
});
export type SynonymGroups = z.output<typeof synonymGroupsSchema>;
/** The groups as the server answers them (as saved: normalised). */
export const synonymGroupsAnswerSchema = z.object({ groups: z.array(z.array(z.string())) });

/** GET /api/search/suggest?q= */
export const suggestQuerySchema = z.object({ q: z.string().trim().max(100) });
export const suggestionsSchema = z.object({
  parts: z.array(z.object({ _id: z.string(), sku: z.string(), name: z.string() })),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  vehicles: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

/** Whether each typed word starts some word of `text` ("bra" names Brakes, "2015 cor" a 2015 Toyota Corolla). */
export function startsItsWords(text: string, typed: readonly string[]): boolean {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return typed.length > 0 && typed.every((word) => words.some((candidate) => candidate.startsWith(word)));
}

// ---- Back-in-stock alerts ---------------------------------------------------------

export const stockAlertSchema = z.object({ productId: z.string(), sku: z.string(), name: z.string(), createdAt: z.string() });
export type StockAlert = z.infer<typeof stockAlertSchema>;

// ---- Saved parts lists ---------------------------------------------------------

export const LIST_CSV_COLUMNS = ['sku', 'quantity'] as const;

const listQuantity = z.coerce.number({ error: listMessages.quantityInvalid }).int(listMessages.quantityInvalid).min(1, listMessages.quantityInvalid).max(LIST_QUANTITY_MAX, listMessages.quantityInvalid);
const listLines = z
  .array(z.object({ productId: z.coerce.number().int().min(1), quantity: listQuantity }))
  .max(LIST_LINES_MAX, listMessages.tooManyLines)
  .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, listMessages.partTwice);

/** POST /api/lists */
export const listInputSchema = z.object({ name: requiredText(listMessages.nameRequired, LIST_NAME_MAX), lines: listLines.optional() });
/** PUT /api/lists/:id: a new name, new lines (replacing them all), or both. */
export const listUpdateSchema = z.object({ name: requiredText(listMessages.nameRequired, LIST_NAME_MAX).optional(), lines: listLines.optional() });
export type ListInput = z.output<typeof listInputSchema>;
export type ListUpdate = z.output<typeof listUpdateSchema>;
export const listQuantitySchema = listQuantity;

export const listSummarySchema = z.object({ id: z.string(), name: z.string(), lineCount: z.number().int(), createdAt: z.string(), updatedAt: z.string() });
export type ListSummary = z.infer<typeof listSummarySchema>;

export const partsListSchema = listSummarySchema.extend({
  /** In the order given; `product` as it is now (price, stock), null when it is no longer sold. */
  lines: z.array(z.object({ productId: z.string(), quantity: z.number().int(), product: productSchema.nullable() })),
});
export type PartsList = z.infer<typeof partsListSchema>;

