/**
 * A review's moderation status and the flags staff look at twice: small, so that the forms which
 * validate them do not carry the response schemas.
 */
/** A review's moderation (issue 62): held for approval, shown, or hidden by an admin. */
export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** What a review's words contain that staff look at twice (the rule: src/shared/review-flags.ts). */
export const REVIEW_FLAGS = ['link', 'phone'] as const;
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];
