import { useId, useState } from 'react';
import { Link } from 'react-router';
import { returnsUiMessages } from '../../../../shared/returns-copy.js';
import { formatDollars } from '../../../../shared/money.js';
import type { Return } from '../../../../shared/returns-api.js';
import { canMoveReturn, RETURN_STATUS_IN_WORDS, RETURN_STATUSES, type ReturnStatus } from '../../../../shared/returns.js';
import { DataTable } from '../../../components/DataTable.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { toast } from '../../../lib/toast.js';
import { errorText } from '../../../lib/form-errors.js';
import { useApproveReturn, useReturnPages, useRetryRefund } from '../api.js';
import { CreditNoteButton } from '../components/CreditNoteButton.js';
import { ReceiveDialog, toastRefund } from '../components/ReceiveDialog.js';
import { RejectDialog } from '../components/RejectDialog.js';
import { ReturnLines } from '../components/ReturnLines.js';

const text = returnsUiMessages;
const COLUMNS = [text.columns.number, text.columns.order, text.columns.parts, text.columns.status, text.columns.actions];

/** /dashboard/manage-returns (admins): every return or those of one status, with what may be done next to each. */
export function ManageReturnsPage() {
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const returns = useReturnPages(status);
  const [rejecting, setRejecting] = useState<Return | null>(null);
  const [receiving, setReceiving] = useState<Return | null>(null);
  const approve = useApproveReturn();
  const refund = useRetryRefund();
  const { ask, dialog } = useConfirm();
  const filterId = useId();

  const onApprove = (item: Return) =>
    ask(
      text.manage.approveQuestion(item.number),
      async () => text.manage.approved((await approve.mutateAsync(item.id)).number),
      { confirmLabel: text.manage.approve },
    );
  const onRefund = (item: Return) =>
    refund.mutate(item.id, { onSuccess: toastRefund, onError: (error) => toast.error(errorText(error)) });

  return (
    <Panel title={text.manage.title}>
      <title>{`${text.manage.title} – Partsmith`}</title>
      <div className="mb-4 max-w-xs">
        <label htmlFor={filterId} className="label">
          {text.status}
        </label>
        <select id={filterId} className="input" value={status} onChange={(event) => setStatus(event.target.value as ReturnStatus | '')} data-testid="return-status-filter">
          <option value="">{text.allStatuses}</option>
          {RETURN_STATUSES.map((value) => (
            <option key={value} value={value}>
              {RETURN_STATUS_IN_WORDS[value]}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={returns} label="the returns">
        {({ pages }) => {
          const list = pages.flatMap((page) => page.items);
          return list.length === 0 ? (
            <p className="text-slate-700">{text.manage.empty}</p>
          ) : (
            <DataTable label={text.manage.title} columns={COLUMNS}>
              {list.map((item) => (
                <tr key={item.id} data-testid={`return-${item.number}`}>
                  <td>
                    <span className="font-mono text-sm whitespace-nowrap">{item.number}</span>
                    <time dateTime={item.createdAt} className="block text-xs text-slate-600">
                      {formatDateTime(item.createdAt)}
                    </time>
                  </td>
                  <td>
                    <Link to={`/dashboard/orders/${item.orderId}`} className="font-semibold text-brand-700 underline">
                      {item.orderNumber}
                    </Link>
                  </td>
                  <td>
                    <ReturnLines item={item} counted />
                    {item.note && <p className="mt-1 text-sm text-slate-700">{text.note(item.note)}</p>}
                  </td>
                  <td>
                    {RETURN_STATUS_IN_WORDS[item.status]}
                    {item.rejectReason && <span className="block text-sm text-slate-700">{text.rejectedBecause(item.rejectReason)}</span>}
                    {item.refund && <span className="block text-sm font-semibold">${formatDollars(item.refund.amount)}</span>}
                  </td>
                  <td>
                    <div className="flex flex-wrap justify-end gap-2">
                      {canMoveReturn(item.status, 'approved') && (
                        <button type="button" className="btn-success px-3 py-1.5" onClick={() => onApprove(item)} aria-label={`${text.manage.approve} ${item.number}`}>
                          {text.manage.approve}
                        </button>
                      )}
                      {canMoveReturn(item.status, 'rejected') && (
                        <button type="button" className="btn-danger px-3 py-1.5" onClick={() => setRejecting(item)} aria-label={`${text.manage.reject} ${item.number}`}>
                          {text.manage.reject}
                        </button>
                      )}
                      {canMoveReturn(item.status, 'received') && (
                        <button type="button" className="btn-primary px-3 py-1.5" onClick={() => setReceiving(item)} aria-label={`${text.manage.receive} ${item.number}`}>
                          {text.manage.receive}
                        </button>
                      )}
                      {canMoveReturn(item.status, 'refunded') && (
                        <button
                          type="button"
                          className="btn-primary px-3 py-1.5"
                          disabled={refund.isPending}
                          onClick={() => onRefund(item)}
                          aria-label={`${text.manage.retryRefund} ${item.number}`}
                        >
                          {text.manage.retryRefund}
                        </button>
                      )}
                      <CreditNoteButton item={item} />
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
          );
        }}
      </QueryState>
      <LoadMore hasMore={Boolean(returns.hasNextPage)} loading={returns.isFetchingNextPage} onLoadMore={() => void returns.fetchNextPage()} label={text.loadMore} />
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />
      <ReceiveDialog item={receiving} onClose={() => setReceiving(null)} />
      {dialog}
    </Panel>
  );
}
