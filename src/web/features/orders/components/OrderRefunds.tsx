import type { Order, Refund } from '../../../../shared/api.js';
import { formatMoney } from '../../../../shared/format.js';
import { refundMessages as text } from '../../../../shared/messages.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { DownloadButton } from '../../../components/DownloadButton.js';
import { fetchCreditNote } from '../api.js';

/** "Credit note CN-000001": downloads a refund's credit note as credit-note-CN-000001.pdf. */
export function CreditNoteButton({ refund }: { refund: Refund }) {
  return <DownloadButton fetchFile={() => fetchCreditNote(refund.id)} fileName={text.creditNoteFile(refund.creditNote)} label={text.downloadCreditNote(refund.creditNote)} />;
}

/** What the shop gave back of an order, a line each with its credit note; nothing when nothing was refunded. */
export function OrderRefunds({ order }: { order: Order }) {
  if (order.refunds.length === 0) return null;
  return (
    <section aria-label={text.refundsHeading} className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-900">{text.refundsHeading}</h3>
      <ul className="space-y-1">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-center gap-2 text-sm text-slate-800" data-testid={`refund-${refund.id}`}>
            <span>{text.refundLine(formatMoney(refund.amount), formatDateTime(refund.createdAt))}</span>
            <CreditNoteButton refund={refund} />
          </li>
        ))}
      </ul>
    </section>
  );
}
