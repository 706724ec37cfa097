import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollars } from '../../../../shared/money.js';
import { useOrder } from '../../../api/orders.js';
import { QueryState } from '../../../components/QueryState.js';
import { Panel } from '../Panel.js';

/**
 * The order to pay. The card form and the payment flow come with a later issue: until the payment client
 * and a client secret exist, SPEC's 'Pay' button stays disabled.
 */
export function PaymentPage() {
  const { orderId } = useParams();
  const order = useOrder(orderId);
  const noteId = useId();
  return (
    <Panel title="Payment">
      <title>Payment – Partsmith</title>
      <QueryState query={order} label="the order">
        {(item) => (
          <div className="grid gap-6 md:grid-cols-2">
            <div className="space-y-2 rounded-xl bg-slate-100 p-5">
              <p className="text-lg font-semibold text-emerald-800">Hello, {item.name}</p>
              <p className="text-xl font-bold text-slate-900">Please Pay for {item.product}</p>
              <p className="text-slate-800">
                Your Order is {item.quantity} units of {item.product}
              </p>
              <p className="text-slate-900">
                Please pay: <strong>${formatDollars(item.total)}</strong>
              </p>
            </div>
            <div className="space-y-4 rounded-xl border border-slate-200 p-5">
              {item.paid ? (
                <p className="font-semibold text-emerald-800">
                  This order is paid. Transaction ID: <span className="font-mono break-all">{item.transactionId}</span>
                </p>
              ) : item.status !== 'not paid' ? (
                <p className="text-slate-800">This order is {item.status} and cannot be paid.</p>
              ) : (
                <>
                  <p id={noteId} className="text-sm text-slate-700">
                    Card payments are being set up for this shop; the Pay button will work as soon as they are ready.
                  </p>
                  <button type="button" className="btn-primary w-full" disabled aria-describedby={noteId}>
                    Pay
                  </button>
                </>
              )}
              <Link to="/dashboard/myOrders" className="inline-block text-sm font-semibold text-brand-700 underline">
                Back to My Orders
              </Link>
            </div>
          </div>
        )}
      </QueryState>
    </Panel>
  );
}
