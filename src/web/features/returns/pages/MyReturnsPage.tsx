import { Link } from 'react-router';
import { returnsUiMessages } from '../../../../shared/returns-copy.js';
import { formatDollars } from '../../../../shared/money.js';
import { RETURN_STATUS_IN_WORDS } from '../../../../shared/returns.js';
import { DataTable } from '../../../components/DataTable.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useReturnPages } from '../api.js';
import { CreditNoteButton } from '../components/CreditNoteButton.js';
import { ReturnLines } from '../components/ReturnLines.js';

const text = returnsUiMessages;
const COLUMNS = [text.columns.number, text.columns.order, text.columns.status, text.columns.parts, text.columns.refund];

/** /dashboard/returns: the buyer's returns, newest first, with their refunds and credit notes. */
export function MyReturnsPage() {
  const returns = useReturnPages();
  return (
    <Panel title={text.mine.title}>
      <title>{`${text.mine.title} – Partsmith`}</title>
      <QueryState query={returns} label="your returns">
        {({ pages }) => {
          const list = pages.flatMap((page) => page.items);
          return list.length === 0 ? (
            <p className="text-slate-700">{text.mine.empty}</p>
          ) : (
            <DataTable label={text.mine.title} columns={COLUMNS}>
              {list.map((item) => (
                <tr key={item.id} data-testid={`return-${item.number}`}>
                  <td className="font-mono text-sm whitespace-nowrap">{item.number}</td>
                  <td>
                    <Link to={`/dashboard/orders/${item.orderId}`} className="font-semibold text-brand-700 underline">
                      {item.orderNumber}
                    </Link>
                  </td>
                  <td>
                    {RETURN_STATUS_IN_WORDS[item.status]}
                    {item.rejectReason && <span className="block text-sm text-slate-700">{text.rejectedBecause(item.rejectReason)}</span>}
                  </td>
                  <td>
                    <ReturnLines item={item} counted />
                  </td>
                  <td>
                    {item.refund ? (
                      <div className="space-y-2">
                        <p className="font-semibold">${formatDollars(item.refund.amount)}</p>
                        <CreditNoteButton item={item} />
                      </div>
                    ) : (
                      text.noRefund
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          );
        }}
      </QueryState>
      <LoadMore hasMore={Boolean(returns.hasNextPage)} loading={returns.isFetchingNextPage} onLoadMore={() => void returns.fetchNextPage()} label={text.loadMore} />
    </Panel>
  );
}
