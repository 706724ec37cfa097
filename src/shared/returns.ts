/**
 * Returns (RMA): why a buyer sends parts back, the statuses a return goes through and who moves it, and the
 * windows in which a return may be asked for. One table, used by the server and the browser.
 */
export const RETURN_REASONS = ['doesnt_fit', 'damaged', 'wrong_part', 'not_needed', 'core', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Each reason as the buyer and the staff read it. */
export const RETURN_REASON_IN_WORDS: Record<ReturnReason, string> = {
  doesnt_fit: "Doesn't fit my vehicle",
  damaged: 'Arrived damaged',
  wrong_part: 'Wrong part sent',
  not_needed: 'No longer needed',
  core: 'Returning the old unit (core)',
  other: 'Other',
};

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Where each status may go next (an admin moves every one of them). */
export const RETURN_NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  // Received and counted; refunded once the payment provider gave the money back (retryable until then).
  received: ['refunded'],
  refunded: [],
};

export const RETURN_STATUS_IN_WORDS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved – send the parts back',
  rejected: 'Rejected',
  received: 'Received – refund pending',
  refunded: 'Refunded',
};

export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return RETURN_NEXT[from].includes(to);
}

/** Days after an order's last shipment in which its units may be returned (RETURN_WINDOW_DAYS). */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;
/** Days in which an old unit (core) may come back for its deposit (CORE_RETURN_DAYS). */
export const DEFAULT_CORE_RETURN_DAYS = 90;

/** The units of an order line that may still come back: shipped, less those already returned. */
export function returnableUnits(line: { shippedQuantity: number; returnedQuantity: number }): number {
  return Math.max(0, line.shippedQuantity - line.returnedQuantity);
}

const DAY_MS = 86_400_000;

/**
 * When the window to return a unit closes: `days` × 24 hours after the shipment that carried it (the
 * latest one carrying its line). A return asked for at that very moment is still in time.
 */
export function returnWindowEndsAt(shippedAt: string, days: number): number {
  return Date.parse(shippedAt) + days * DAY_MS;
}

/** Whether a unit shipped at `shippedAt` may still be returned at `atMs` within a window of `days`. */
export function withinReturnWindow(shippedAt: string, days: number, atMs: number): boolean {
  return atMs <= returnWindowEndsAt(shippedAt, days);
}
