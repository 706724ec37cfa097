import { messages } from '../../../shared/messages.js';
import { type OrderStatus, STATUS_IN_WORDS } from '../../../shared/order-status.js';

/**
 * How an order in a status is shown and what may be done with it, one record per status (docs/legacy-contract.md#statuses).
 * A `Record<OrderStatus, …>`: a status added to ORDER_STATUSES does not compile until it is described here.
 * Whether an actor may make a move is still asked of `canTransition` (src/shared/order-status.ts).
 */
export interface OrderStatusDisplay {
  /** How the status reads on screen (badge, filters, history, an order's page): as people say it (STATUS_IN_WORDS). */
  label: string;
  /** The original storefront's word for it, where its contract fixes it (My Orders' and the payment page's closed orders). */
  legacyLabel: string;
  /** The status badge's colours. */
  tone: string;
  /** The history dialog's word for a change into this status ("paid: not paid → pending"). */
  history: string;
  /**
   * My Orders, the customer's action column, and the payment page:
   * 'pay' offers Pay and Cancel; 'receipt' shows 'paid' with the transaction id; 'closed' shows the label only.
   */
  customer: 'pay' | 'receipt' | 'closed';
  /** Manage Orders, the admin's action: Cancel, Deliver (sets 'shipped'), the word 'Delivered', or nothing. */
  admin: 'cancel' | 'deliver' | 'delivered' | null;
}

export const ORDER_STATUS_DISPLAY: Record<OrderStatus, OrderStatusDisplay> = {
  'awaiting approval': { label: STATUS_IN_WORDS['awaiting approval'], legacyLabel: 'awaiting approval', tone: 'bg-violet-100 text-violet-900', history: 'awaiting approval', customer: 'closed', admin: 'cancel' },
  'not paid': { label: STATUS_IN_WORDS['not paid'], legacyLabel: 'not paid', tone: 'bg-amber-100 text-amber-900', history: 'not paid', customer: 'pay', admin: 'cancel' },
  pending: { label: STATUS_IN_WORDS.pending, legacyLabel: 'pending', tone: 'bg-sky-100 text-sky-900', history: 'paid', customer: 'receipt', admin: 'deliver' },
  'partially shipped': { label: STATUS_IN_WORDS['partially shipped'], legacyLabel: 'partially shipped', tone: 'bg-teal-100 text-teal-900', history: 'partially shipped', customer: 'receipt', admin: 'deliver' },
  shipped: { label: STATUS_IN_WORDS.shipped, legacyLabel: 'shipped', tone: 'bg-emerald-100 text-emerald-900', history: 'shipped', customer: 'receipt', admin: 'delivered' },
  cancelled: { label: STATUS_IN_WORDS.cancelled, legacyLabel: 'cancelled', tone: 'bg-slate-200 text-slate-800', history: 'cancelled', customer: 'closed', admin: null },
  // An order that expired unpaid (its stock returned) reads 'cancelled (expired)'.
  expired: { label: STATUS_IN_WORDS.expired, legacyLabel: messages.ui.orderExpired, tone: 'bg-slate-200 text-slate-800', history: 'expired', customer: 'closed', admin: null },
};

export function statusLabel(status: OrderStatus): string {
  return ORDER_STATUS_DISPLAY[status].label;
}
