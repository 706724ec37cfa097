/**
 * The back office's screen text (issue 62), each part in a section of its own. Apart from messages.ts so
 * that the home page's entry chunk does not carry it (only the pages that use it load it).
 */
import type { ReviewStatus } from './api.js';
import type { ReviewFlag } from './review-flags.js';

// ---- Reviews held for approval -------------------------------------------------

export const reviewModerationCopy = {
  /** Told to the author after posting while REVIEW_MODERATION=before (shop review and part review alike). */
  postedPending: 'Thank you! Your review is posted: it shows in the shop once our staff approve it.',
  changedPending: 'Your review is changed: it shows in the shop again once our staff approve it.',
  statusFilter: 'Status',
  ratingFilter: 'Rating',
  allStatuses: 'All statuses',
  allRatings: 'All ratings',
  statusLabel: { pending: 'Pending', published: 'Published', hidden: 'Hidden' } satisfies Record<ReviewStatus, string>,
  /** The queue's badge of a review's status (published shows as 'shown', as the page always said). */
  statusBadge: { pending: 'pending', published: 'shown', hidden: 'hidden' } satisfies Record<ReviewStatus, string>,
  flag: { link: 'Link', phone: 'Phone number' } satisfies Record<ReviewFlag, string>,
  flagsOf: (name: string) => `What the review by ${name} contains`,
  ratingOption: (rating: number) => `${rating} stars`,
  noneMatch: 'No reviews match these filters.',
  approve: 'Approve',
  reject: 'Reject',
  delete: 'Delete',
  approveLabel: (name: string) => `Approve the review by ${name}`,
  rejectLabel: (name: string) => `Reject the review by ${name}`,
  deleteLabel: (name: string) => `Delete the review by ${name}`,
  approved: (name: string) => `The review by ${name} is approved and shown in the shop.`,
  rejected: (name: string) => `The review by ${name} is rejected: it is not shown in the shop.`,
  deleteAsk: (name: string) => `Delete the review by ${name} for good?`,
  deleteDetails: ['It cannot be brought back. Reject it instead to keep it without showing it.'],
  deleteConfirm: 'Delete review',
  deleteCancel: 'Keep it',
  deleted: (name: string) => `The review by ${name} is deleted.`,
} as const;
