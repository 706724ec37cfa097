import { OrderProduct } from '../components/OrderProduct.js';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.js';
import type { Order, OrderLine } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';
import { formatQuantity } from '../../../../shared/quantity.js';
import { canTransition } from '../../../../shared/order-status.js';
import { DataTable } from '../../../components/DataTable.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { useAuth } from '../../auth/auth-context.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { replaceCart } from '../../../lib/cart-store.js';
import { useCancelOrder, useMyOrderPages } from '../api.js';
import { InvoiceButton } from '../components/InvoiceButton.js';
import { OrderRefunds } from '../components/OrderRefunds.js';
import { OrderChargesSummary } from '../components/OrderCharges.js';
import { ShipmentList } from '../components/Shipments.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { ApprovalNote } from '../components/ApprovalNote.js';
import { ORDER_STATUS_DISPLAY } from '../order-status.js';

export function MyOrdersPage() {
  const { user } = useAuth();
  const orders = useMyOrderPages(user?.email);
  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const cancel = useCancelOrder();
  const { ask, dialog } = useConfirm();
  const navigate = useNavigate();

  const onCancel = (order: Order) =>
    ask(
      messages.confirm.removeOrder(order.quantity, order.product),
      async () => {
        await cancel.mutateAsync(order._id);
        return messages.toast.orderCancelledByCustomer(order.quantity, order.product);
      },
      messages.ui.confirmButtons.cancelOrder,
    );

  // The cart gets the order's parts and quantities; it shows today's prices, not the order's.
  const onOrderAgain = (order: Order) => {
    replaceCart(order.lines.map(({ productId, quantity }) => ({ productId, quantity })));
    toast.success(messages.ui.orders.cartRefilled(order.lines.length));
    void navigate('/cart');
  };

  return (
    <Panel title={`Your Orders: ${list.length}`}>
      <title>My Orders – Partsmith</title>
      <QueryState query={orders} label="your orders">
        {() =>
          list.length === 0 ? (
            <p className="text-slate-700">
              You have no orders yet.{' '}
              <Link to="/allProducts" className="font-semibold text-brand-700 underline">
                Browse the products
              </Link>
            </p>
          ) : (
            <>
              <DataTable
                label="Your orders"
                columns={[messages.ui.orders.orderColumn, 'Product', 'Quantity (units)', 'Price ($ per unit)', 'Total Cost ($)', 'Status', 'Action']}
              >
                {list.map((order) => (
                  <tr key={order._id} data-testid={`order-${order._id}`}>
                    <td>
                      <Link
                        to={`/dashboard/orders/${order._id}`}
                        className="font-semibold whitespace-nowrap text-brand-700 underline"
                        aria-label={messages.ui.orders.openLabel(order.number)}
                      >
                        {order.number}
                      </Link>
                      <time dateTime={order.createdAt} className="block text-xs text-slate-700">
                        {formatDateTime(order.createdAt)}
                      </time>
                    </td>
                    <OrderProduct order={order} className="font-medium" />
                    <td>
                      <PerLine order={order} value={(line) => formatQuantity(line.quantity)} />
                    </td>
                    <td>
                      <PerLine order={order} value={(line) => `$${formatDollars(line.unitPrice)}`} />
                    </td>
                    <td>
                      ${formatDollars(order.total)}
                      <OrderChargesSummary order={order} />
                    </td>
                    <td>
                      <StatusBadge status={order.status} />
                      <ApprovalNote order={order} className="mt-1 text-xs" />
                      {/* Each parcel with its tracking link, under the status it made. */}
                      {order.shipments.length > 0 && (
                        <div className="mt-2">
                          <ShipmentList order={order} />
                        </div>
                      )}
                    </td>
                    <td>
                      <div className="flex flex-col items-start gap-2">
                        <CustomerActions order={order} onCancel={() => onCancel(order)} />
                        <div className="flex flex-wrap gap-2">
                          <InvoiceButton order={order} />
                          <button
                            type="button"
                            className="btn-secondary px-3 py-1.5"
                            aria-label={messages.ui.orders.orderAgainLabel(order._id)}
                            onClick={() => onOrderAgain(order)}
                          >
                            {messages.ui.orders.orderAgain}
                          </button>
                        </div>
                        <OrderRefunds order={order} />
                      </div>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <LoadMore hasMore={Boolean(orders.hasNextPage)} loading={orders.isFetchingNextPage} onLoadMore={() => void orders.fetchNextPage()} />
            </>
          )
        }
      </QueryState>
      {dialog}
    </Panel>
  );
}

/** A column's value for each line of the order, in the order of the product column's lines (one value for a one-line order). */
function PerLine({ order, value }: { order: Order; value: (line: OrderLine) => string }) {
  if (order.lines.length === 1) return <>{value(order.lines[0]!)}</>;
  return (
    <ul className="mt-5 space-y-0.5 text-xs">
      {order.lines.map((line) => (
        <li key={line.productId}>{value(line)}</li>
      ))}
    </ul>
  );
}

/**
 * The customer view of docs/legacy-contract.md#statuses: pay or cancel while unpaid; 'paid' and the
 * transaction id once paid; a cancelled or expired order ('cancelled (expired)') offers nothing.
 */
function CustomerActions({ order, onCancel }: { order: Order; onCancel: () => void }) {
  const { customer, legacyLabel: label } = ORDER_STATUS_DISPLAY[order.status];
  switch (customer) {
    case 'receipt':
      return (
        <div className="text-sm">
          <span className="font-semibold text-emerald-800">paid</span>
          {order.transactionId && (
            <p className="text-xs break-all text-slate-700">
              Transaction ID: <span className="font-mono">{order.transactionId}</span>
            </p>
          )}
        </div>
      );
    case 'closed':
      return <span className="text-sm text-slate-700">{label}</span>;
    case 'pay':
      return (
        <div className="flex flex-wrap gap-2">
          {order.price > 0 && (
            <Link to={`/dashboard/payment/${order._id}`} className="btn-success px-3 py-1.5">
              Pay
            </Link>
          )}
          {canTransition(order.status, 'cancelled', 'customer') && (
            <button type="button" className="btn-danger px-3 py-1.5" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      );
  }
}
