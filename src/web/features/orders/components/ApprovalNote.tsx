import type { Order } from '../../../../shared/api.js';
import { tradeBuyerCopy } from '../../../../shared/trade-buyer-copy.js';

const text = tradeBuyerCopy.order;

/**
 * A company order's approval (issue 63), as its buyer reads it: waiting for an admin of the company while over
 * the buyer's spending limit, or declined with the admin's reason. Nothing on any other order.
 */
export function ApprovalNote({ order, className = 'text-sm' }: { order: Order; className?: string }) {
  if (order.status === 'awaiting approval') {
    return (
      <p className={`${className} font-medium text-violet-900`} data-testid="approval-note">
        {text.awaitingApproval}
      </p>
    );
  }
  if (order.status === 'cancelled' && order.declineReason) {
    return (
      <p className={`${className} font-medium text-red-800`} data-testid="approval-note">
        {text.declined(order.declineReason)}
      </p>
    );
  }
  return null;
}
