import { OrderProduct } from '../components/OrderProduct.js';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.js';
import type { Order } from '../../../../shared/api.js';
import { formatMoney, formatQuantity } from '../../../../shared/format.js';
import { messages, refundMessages, shipmentMessages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';
import { canTransition, isPaid, isShippable } from '../../../../shared/order-status.js';
import { DataTable } from '../../../components/DataTable.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { errorText } from '../../../lib/form-errors.js';
import { saveFile } from '../../../lib/save-file.js';
import { useSearchBox } from '../../../lib/useSearchBox.js';
import { exportOrders, type OrderFilters, orderSearchParams, useAllOrderPages, useCancelAndRefund, useCancelOrder, useDeliverOrder } from '../api.js';
import { OrderFilterBar, orderFiltersFromSearch } from '../components/OrderFilters.js';
import { InvoiceButton } from '../components/InvoiceButton.js';
import { OrderChargesSummary } from '../components/OrderCharges.js';
import { OrderHistoryDialog } from '../components/OrderHistoryDialog.js';
import { ShipDialog } from '../components/ShipDialog.js';
import { leftToShip, PackingSlipButton } from '../components/Shipments.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { ORDER_STATUS_DISPLAY } from '../order-status.js';

const text = messages.ui.orderAdmin;
const EXPORT_FILE = 'partsmith-orders.csv';

/**
 * The view lives in the address (`?q=&status=&from=&to=&sort=`), as the catalog's does: a link shares it,
 * back and forward step through the filters chosen; typing a search replaces the address's entry instead.
 */
export function ManageOrdersPage() {
  const [params, setParams] = useSearchParams();
  const filters = orderFiltersFromSearch(params);
  const orders = useAllOrderPages(filters);
  const show = (changed: Partial<OrderFilters>) => setParams(orderSearchParams({ ...filters, ...changed }));
  const [search, setSearch] = useSearchBox(filters.q, (q) => setParams(orderSearchParams({ ...filters, q }), { replace: true }));
  const filtered = orderSearchParams(filters).size > 0;
  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const cancel = useCancelOrder();
  const deliver = useDeliverOrder();
  const cancelAndRefund = useCancelAndRefund();
  const { ask, dialog } = useConfirm();
  const [historyOf, setHistoryOf] = useState<Order | null>(null);
  const [shipping, setShipping] = useState<Order | null>(null);

  const onCancel = (order: Order) =>
    ask(
      messages.confirm.removeOrder(order.quantity, order.product),
      async () => {
        await cancel.mutateAsync(order._id);
        return messages.toast.orderCancelledByAdmin(order.quantity, order.product);
      },
      messages.ui.confirmButtons.cancelOrder,
    );

  // A paid order that shipped nothing: its whole charge goes back to the buyer's card.
  const onCancelAndRefund = (order: Order) =>
    ask(
      refundMessages.confirmCancelAndRefund(order.number, formatMoney(order.total)),
      async () => {
        await cancelAndRefund.mutateAsync(order._id);
        return refundMessages.cancelledAndRefunded(order.number, formatMoney(order.total));
      },
      { confirmLabel: refundMessages.cancelAndRefund, cancelLabel: messages.ui.confirmButtons.cancelOrder.cancelLabel },
    );

  const onDeliver = (order: Order) =>
    ask(
      messages.confirm.shipOrder(order.quantity, order.product, order.name),
      async () => {
        await deliver.mutateAsync(order._id);
        return messages.toast.orderShipped(order.quantity, order.product, order.name, order.address);
      },
      messages.ui.confirmButtons.deliverOrder,
    );

  return (
    <Panel title={`Manage All Orders (${list.length})`}>
      <title>Manage All Orders – Partsmith</title>
      <div className="mb-3 flex justify-end">
        <ExportButton filters={filters} />
      </div>
      <OrderFilterBar filters={filters} search={search} onSearch={setSearch} onChange={show} />
      <QueryState query={orders} label="orders">
        {() =>
          list.length === 0 ? (
            <p className="text-slate-700">{filtered ? text.noMatch : 'No orders yet.'}</p>
          ) : (
            <>
              <DataTable label="All orders" columns={['Customer', 'Product', 'Quantity (units)', 'Total ($)', 'Status', 'Paid', 'Action']}>
                {list.map((order) => (
                  <tr key={order._id} data-testid={`order-${order._id}`}>
                    <td>
                      <p className="font-medium">{order.name}</p>
                      <p className="text-xs text-slate-700">{order.email}</p>
                    </td>
                    <OrderProduct order={order} />
                    <td>
                      {formatQuantity(order.quantity)}
                      {isShippable(order.status) && <p className="text-xs text-slate-700">{shipmentMessages.leftToShip(leftToShip(order))}</p>}
                    </td>
                    <td>
                      ${formatDollars(order.total)}
                      {/* The admin packs and ships from here: the destination and method come with the figures. */}
                      <OrderChargesSummary order={order} shipTo />
                    </td>
                    <td>
                      <StatusBadge status={order.status} />
                    </td>
                    <td>
                      <span className={order.paid ? 'font-semibold text-emerald-800' : 'text-slate-700'}>
                        {order.paid ? 'yes' : 'no'}
                      </span>
                    </td>
                    <td>
                      <div className="flex flex-wrap items-center gap-2">
                        <AdminActions order={order} onCancel={() => onCancel(order)} onDeliver={() => onDeliver(order)} />
                        {isShippable(order.status) && (
                          <button type="button" className="btn-primary px-3 py-1.5" aria-label={shipmentMessages.shipLabel(order.number)} onClick={() => setShipping(order)}>
                            {shipmentMessages.ship}
                          </button>
                        )}
                        {isPaid(order.status) && canTransition(order.status, 'cancelled', 'admin') && (
                          <button type="button" className="btn-danger px-3 py-1.5" onClick={() => onCancelAndRefund(order)}>
                            {refundMessages.cancelAndRefund}
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn-secondary px-3 py-1.5"
                          aria-label={`History of order ${order._id}`}
                          onClick={() => setHistoryOf(order)}
                        >
                          History
                        </button>
                        <InvoiceButton order={order} />
                        {order.shipments.map((shipment) => (
                          <PackingSlipButton key={shipment.id} shipment={shipment} />
                        ))}
                      </div>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <LoadMore
                hasMore={Boolean(orders.hasNextPage) && !orders.isPlaceholderData}
                loading={orders.isFetchingNextPage}
                onLoadMore={() => void orders.fetchNextPage()}
              />
            </>
          )
        }
      </QueryState>
      {dialog}
      <OrderHistoryDialog order={historyOf} onClose={() => setHistoryOf(null)} />
      <ShipDialog order={shipping} onClose={() => setShipping(null)} />
    </Panel>
  );
}

/** The orders these filters list as a CSV file (one row per order line). */
function ExportButton({ filters }: { filters: OrderFilters }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await exportOrders(filters), EXPORT_FILE);
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn-secondary" disabled={busy} onClick={() => void download()}>
      {text.exportCsv}
    </button>
  );
}

/**
 * The admin view of docs/legacy-contract.md#statuses: 'not paid' → Cancel; 'pending' → Deliver; 'shipped' → 'Delivered'.
 * Deliver ships everything left in one parcel; a partly shipped order may be delivered so too (the Ship dialog ships parts).
 */
function AdminActions({ order, onCancel, onDeliver }: { order: Order; onCancel: () => void; onDeliver: () => void }) {
  switch (ORDER_STATUS_DISPLAY[order.status].admin) {
    case 'delivered':
      return <span className="font-semibold text-emerald-800">Delivered</span>;
    case 'deliver':
      return canTransition(order.status, 'shipped', 'admin') ? (
        <button type="button" className="btn-success px-3 py-1.5" onClick={onDeliver}>
          Deliver
        </button>
      ) : null;
    case 'cancel':
      return canTransition(order.status, 'cancelled', 'admin') ? (
        <button type="button" className="btn-danger px-3 py-1.5" onClick={onCancel}>
          Cancel
        </button>
      ) : null;
    case null:
      return null;
  }
}
