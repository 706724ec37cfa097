/**
 * The back office's wire (issue 62): the staff home's counts, the stock ledger, reviews' moderation status,
 * a contact message's thread, and a part's vehicle applications as its form sends them.
 */
import { z } from 'zod';
import { contactMessageSchema } from './api.js';
import { cursorParameter } from './schemas.js';

/** GET /api/admin/home: what needs doing, each a count its list answers; a feature not built yet counts 0. */
export const adminHomeSchema = z.object({
  /** Paid orders with units still to ship (pending or partially shipped). */
  ordersToShip: z.number().int(),
  unreadMessages: z.number().int(),
  /** Parts at or below their reorder threshold. */
  lowStock: z.number().int(),
  /** Returns waiting for staff: requested, or approved and not yet received. */
  returnsToHandle: z.number().int(),
  reviewsToApprove: z.number().int(),
  /** Trade accounts applying (issue 63). */
  companiesToApprove: z.number().int(),
  /** Dollars of orders paid today on the shop's calendar, as the sales overview counts them. */
  salesToday: z.number(),
});
export type AdminHome = z.infer<typeof adminHomeSchema>;

// ---- The stock ledger --------------------------------------------------------

export const STOCK_MOVEMENT_REASONS = ['order', 'cancel', 'expiry', 'restock', 'edit', 'import', 'return', 'shipment'] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/** One change of a part's stock (GET /api/products/:id/stock-movements), newest first. */
export const stockMovementSchema = z.object({
  at: z.string(),
  /** Units added (positive) or taken (negative). */
  change: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  /** The order that moved it, or null. */
  orderId: z.string().nullable(),
  /** Who moved it (a staff member's or buyer's name), or null for the shop itself (expiry, the opening balance). */
  actor: z.string().nullable(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const STOCK_MOVEMENT_PAGE_SIZE = { default: 50, max: 200 } as const;
export const stockMovementQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(STOCK_MOVEMENT_PAGE_SIZE.max).optional(),
  cursor: cursorParameter,
});
export const stockMovementPageSchema = z.object({ items: z.array(stockMovementSchema), nextCursor: z.string().nullable() });
export type StockMovementPage = z.infer<typeof stockMovementPageSchema>;

// ---- Reviews held for approval -----------------------------------------------

export { REVIEW_STATUSES, type ReviewStatus } from './review-status.js';
/** REVIEW_MODERATION: `before` holds a new review for approval, `after` publishes it at once (staff may hide it later). */
export const REVIEW_MODERATION_MODES = ['before', 'after'] as const;
export type ReviewModerationMode = (typeof REVIEW_MODERATION_MODES)[number];

// ---- The inbox -----------------------------------------------------------------

/** A message's thread, oldest first: the customer's message, then every reply with who sent it. */
export const contactThreadEntrySchema = z.object({ from: z.string(), body: z.string(), at: z.string() });
export type ContactThreadEntry = z.infer<typeof contactThreadEntrySchema>;
/** GET /api/contact/:id (admin). */
export const contactMessageDetailSchema = contactMessageSchema.extend({ thread: z.array(contactThreadEntrySchema) });
export type ContactMessageDetail = z.infer<typeof contactMessageDetailSchema>;
