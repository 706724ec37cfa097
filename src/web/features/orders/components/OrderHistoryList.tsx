import type { OrderEvent } from '../../../../shared/api.js';
import { formatMoney } from '../../../../shared/format.js';
import { messages, refundMessages } from '../../../../shared/messages.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { ORDER_STATUS_DISPLAY, statusLabel } from '../order-status.js';

/** What a change means, in a word: placed, paid, shipped, cancelled, expired. */
function changeName(event: OrderEvent): string {
  return event.from === null ? 'placed' : ORDER_STATUS_DISPLAY[event.to].history;
}

function byWhom(event: OrderEvent): string {
  if (event.by) return `${event.by.name} (${event.by.email}), ${event.actor}`;
  if (event.actor === 'payment') return 'payment provider';
  if (event.actor === 'system') return 'the shop (unpaid too long)';
  return event.actor;
}


/** An order's status changes, oldest first: when, from → to, by whom (the admins' dialog and the order's page). */
export function OrderHistoryList({ events }: { events: readonly OrderEvent[] }) {
  if (events.length === 0) return <p className="text-slate-700">{messages.ui.historyEmpty}</p>;
  return (
    <ol className="space-y-3" aria-label="Status changes">
      {events.map((event, index) => (
        <li key={index} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="history-event">
          {event.refund ? (
            // A refund: the status stays, the money goes back.
            <p className="font-semibold text-slate-900">{refundMessages.historyRefund(formatMoney(event.refund.amount), event.refund.creditNote)}</p>
          ) : (
            <p className="font-semibold text-slate-900">
              <span className="capitalize">{changeName(event)}</span>
              {': '}
              {event.from === null ? 'new' : statusLabel(event.from)} → {statusLabel(event.to)}
            </p>
          )}
          <p className="text-slate-700">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time> · by {byWhom(event)}
          </p>
        </li>
      ))}
    </ol>
  );
}
