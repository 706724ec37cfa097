import { Link } from 'react-router';
import type { Product, ProductChange } from '../../../../shared/api.js';
import type { StockMovement } from '../../../../shared/back-office.js';
import { stockLedgerCopy as text } from '../../../../shared/back-office-copy.js';
import { formatMoney } from '../../../../shared/format.js';
import { messages } from '../../../../shared/messages.js';
import { DownloadButton } from '../../../components/DownloadButton.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { Modal } from '../../../components/Modal.js';
import { QueryState } from '../../../components/QueryState.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { fetchStockMovementsCsv, useProductChanges, useStockMovements } from '../api.js';

/** Who or what moved the stock: the order (a link to it) and whoever acted, or the shop itself. */
function MovedBy({ movement }: { movement: StockMovement }) {
  const who = movement.actor ?? text.byShop;
  if (movement.orderId === null) return <>{who}</>;
  return (
    <>
      <Link to={`/dashboard/orders/${movement.orderId}`} className="font-semibold text-brand-700 underline">
        {text.order(movement.orderId)}
      </Link>{' '}
      · {who}
    </>
  );
}

/** The part's stock ledger, newest first: when, why, who or which order, the change and the stock it left. */
function StockMovements({ product }: { product: Product }) {
  const movements = useStockMovements(product._id);
  return (
    <section aria-labelledby="stock-ledger-heading">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 id="stock-ledger-heading" className="text-base font-semibold text-slate-900">
          {text.stockHeading}
        </h3>
        <DownloadButton fetchFile={() => fetchStockMovementsCsv(product._id)} fileName={text.exportFile(product.sku)} label={text.exportCsv} />
      </div>
      <QueryState query={movements} label={text.loading}>
        {(data) => {
          const rows = data.pages.flatMap((page) => page.items);
          if (rows.length === 0) return <p className="text-slate-700">{text.empty}</p>;
          return (
            <>
              <ol className="max-h-80 divide-y divide-slate-200 overflow-y-auto" aria-label={text.listLabel(product.name)}>
                {rows.map((movement, index) => (
                  <li key={`${movement.at}-${index}`} className="flex items-start justify-between gap-3 py-2 text-sm">
                    <div>
                      <p className="font-medium text-slate-900">{text.reasons[movement.reason]}</p>
                      <p className="text-slate-700">
                        <time dateTime={movement.at}>{formatDateTime(movement.at)}</time> · <MovedBy movement={movement} />
                      </p>
                    </div>
                    <p className="shrink-0 text-right">
                      <span className={`block font-semibold tabular-nums ${movement.change > 0 ? 'text-emerald-800' : 'text-red-800'}`}>{text.change(movement.change)}</span>
                      <span className="block text-slate-700 tabular-nums">{text.stockAfter(movement.stockAfter)}</span>
                    </p>
                  </li>
                ))}
              </ol>
              <LoadMore hasMore={movements.hasNextPage} loading={movements.isFetchingNextPage} onLoadMore={() => void movements.fetchNextPage()} auto={false} label={text.loadMore} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

/** Who changed the part's price, when, from what to what and why (an edit, an import). */
function PriceChanges({ product }: { product: Product }) {
  const changes = useProductChanges(product._id);
  return (
    <section aria-labelledby="price-history-heading" className="mt-6">
      <h3 id="price-history-heading" className="mb-2 text-base font-semibold text-slate-900">
        {text.priceHeading}
      </h3>
      <QueryState query={changes} label={text.priceLoading}>
        {(list) => {
          const prices = list.filter((change): change is ProductChange & { field: 'price' } => change.field === 'price');
          if (prices.length === 0) return <p className="text-slate-700">{text.priceEmpty}</p>;
          return (
            <ol className="max-h-60 divide-y divide-slate-200 overflow-y-auto" aria-label={text.priceListLabel(product.name)}>
              {prices.map((change, index) => (
                <li key={`${change.at}-${index}`} className="py-2 text-sm">
                  <p className="font-medium text-slate-900">
                    {text.priceChange(formatMoney(change.from), formatMoney(change.to))}
                    <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      {messages.ui.productAdmin.changeReasons[change.reason]}
                    </span>
                  </p>
                  <p className="text-slate-700">
                    <time dateTime={change.at}>{formatDateTime(change.at)}</time> · {change.by.name} ({change.by.email})
                  </p>
                </li>
              ))}
            </ol>
          );
        }}
      </QueryState>
    </section>
  );
}

/** A part's history: every movement of its stock (the ledger, exportable) and every change of its price. */
export function HistoryDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  return (
    <Modal open={product !== null} onClose={onClose} title={product ? `History of ${product.name}` : ''}>
      {product && (
        <>
          <StockMovements product={product} />
          <PriceChanges product={product} />
        </>
      )}
    </Modal>
  );
}
