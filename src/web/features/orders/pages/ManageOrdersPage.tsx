import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.js';
import type { Order } from '../../../../shared/api.js';
import { tablesCopy } from '../../../../shared/back-office-copy.js';
import { tradeStaffCopy } from '../../../../shared/trade-staff-copy.js';
import { formatMoney } from '../../../../shared/format.js';
import { leftToDo } from '../../../../shared/left-to-do.js';
import { messages, refundMessages, shipmentMessages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';
import { canTransition, isPaid, isShippable } from '../../../../shared/order-status.js';
import { ActionsMenu, type MenuAction } from '../../../components/ActionsMenu.js';
import { DataTable } from '../../../components/DataTable.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { errorText } from '../../../lib/form-errors.js';
import { downloadFile, saveFile } from '../../../lib/save-file.js';
import { formatDate } from '../../../lib/format-date.js';
import { useSearchBox } from '../../../lib/useSearchBox.js';
import {
  exportOrders,
  fetchInvoice,
  fetchPackingSlip,
  type OrderFilters,
  orderSearchParams,
  useAllOrderPages,
  useCancelAndRefund,
  useCancelOrder,
  useCompanyName,
  useDeliverOrder,
} from '../api.js';
import { OrderFilterBar, orderFiltersFromSearch } from '../components/OrderFilters.js';
import { OrderChargesSummary } from '../components/OrderCharges.js';
import { OrderHistoryDialog } from '../components/OrderHistoryDialog.js';
import { ShipDialog } from '../components/ShipDialog.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { ORDER_STATUS_DISPLAY } from '../order-status.js';

const text = messages.ui.orderAdmin;
const orderText = messages.ui.orders;
const EXPORT_FILE = 'partsmith-orders.csv';

/**
 * The view lives in the address (`?q=&status=&from=&to=&sort=&companyId=`), as the catalog's does: a link shares it,
 * back and forward step through the filters chosen; typing a search replaces the address's entry instead.
 */
export function ManageOrdersPage() {
  const [params, setParams] = useSearchParams();
  const filters = orderFiltersFromSearch(params);
  const orders = useAllOrderPages(filters);
  const show = (changed: Partial<OrderFilters>) => setParams(orderSearchParams({ ...filters, ...changed }));
  const [search, setSearch] = useSearchBox(filters.q, (q) => setParams(orderSearchParams({ ...filters, q }), { replace: true }));
  const filtered = orderSearchParams(filters).size > 0;
  const companyName = useCompanyName(filters.companyId);
  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];
  // The newest page's count: every order the filters match, however few are loaded.
  const total = orders.data?.pages.at(-1)?.total;
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

  // Beside the original storefront's action (Cancel, Deliver or 'Delivered'), the others in the row's menu.
  const moreActions = (order: Order): MenuAction[] => [
    ...(isShippable(order.status) ? [{ label: shipmentMessages.ship, name: shipmentMessages.shipLabel(order.number), onSelect: () => setShipping(order) }] : []),
    ...(isPaid(order.status) && canTransition(order.status, 'cancelled', 'admin')
      ? [{ label: refundMessages.cancelAndRefund, onSelect: () => onCancelAndRefund(order), danger: true }]
      : []),
    { label: 'History', name: `History of order ${order._id}`, onSelect: () => setHistoryOf(order) },
    ...(order.invoiceNumber
      ? [{ label: orderText.invoice(order.invoiceNumber), onSelect: () => void downloadFile(() => fetchInvoice(order._id), orderText.invoiceFile(order.invoiceNumber!)) }]
      : []),
    ...order.shipments.map((shipment) => ({
      label: shipmentMessages.packingSlip(shipment.number),
      onSelect: () => void downloadFile(() => fetchPackingSlip(shipment.id), shipmentMessages.packingSlipFile(shipment.number)),
    })),
  ];

  return (
    <Panel title="Manage All Orders">
      <title>Manage All Orders – Partsmith</title>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold text-slate-800" role="status" data-testid="orders-count">
          {total !== undefined && tablesCopy.ordersCount(total)}
        </p>
        <ExportButton filters={filters} />
      </div>
      {filters.companyId && (
        <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800" data-testid="company-filter">
          <span>{tradeStaffCopy.orders.companyFilter(companyName ?? tradeStaffCopy.orders.companyNumber(filters.companyId))}</span>
          <button type="button" className="font-semibold text-slate-700 hover:text-slate-900" aria-label={tradeStaffCopy.orders.clearCompany} onClick={() => show({ companyId: '' })}>
            ×
          </button>
        </p>
      )}
      <OrderFilterBar filters={filters} search={search} onSearch={setSearch} onChange={show} />
      <QueryState query={orders} label="orders">
        {() =>
          list.length === 0 ? (
            <p className="text-slate-700">{filtered ? text.noMatch : 'No orders yet.'}</p>
          ) : (
            <>
              <DataTable label="All orders" columns={tablesCopy.orderColumns} compact>
                {list.map((order) => (
                  <tr key={order._id} data-testid={`order-${order._id}`}>
                    <td data-card="plain">
                      <Link to={`/dashboard/orders/${order._id}`} className="font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline">
                        {order.number}
                      </Link>
                      <span className="block text-xs text-slate-700">{order.product}</span>
                      {order.poNumber && <span className="block text-xs text-slate-600">{orderText.poNumber(order.poNumber)}</span>}
                    </td>
                    <td data-card="plain">{formatDate(order.createdAt)}</td>
                    <td data-card="title">
                      <p className="font-medium">{order.name}</p>
                      <p className="text-xs break-all text-slate-700">{order.email}</p>
                    </td>
                    <td data-card="plain">{shipTo(order)}</td>
                    <td data-card="plain">
                      ${formatDollars(order.total)}
                      {/* The admin packs and ships from here: the figures, the whole destination and the method, folded. */}
                      <OrderChargesSummary order={order} shipTo />
                    </td>
                    <td data-card="plain">
                      <StatusBadge status={order.status} wrap />
                    </td>
                    <td data-card="plain" className="font-medium">
                      {tablesCopy.leftToDo(leftToDo(order))}
                    </td>
                    <td data-card="end">
                      <div className="flex flex-wrap items-center gap-2">
                        <AdminActions order={order} onCancel={() => onCancel(order)} onDeliver={() => onDeliver(order)} />
                        <ActionsMenu of={order.number} actions={moreActions(order)} />
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

/** Where the order goes, as a packer reads it at a glance: "Burlington, VT, US" (an order placed before structured addresses: its address). */
function shipTo({ shippingAddress: to, address }: Order): string {
  return to ? [to.city, to.region, to.country].filter(Boolean).join(', ') : address;
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
