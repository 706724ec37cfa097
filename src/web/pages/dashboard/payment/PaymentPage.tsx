import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import type { Order } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';
import { ApiError } from '../../../api/client.js';
import { useOrder, usePayOrder } from '../../../api/orders.js';
import { usePaymentIntent, usePaymentsConfig } from '../../../api/payments.js';
import { errorText } from '../../../components/form-errors.js';
import { statusLabel } from '../../../components/order-status-label.js';
import { QueryState } from '../../../components/QueryState.js';
import { Spinner } from '../../../components/Spinner.js';
import { Panel } from '../Panel.js';
import type { CardFormProps } from './card-form.js';
import { TestCardForm } from './TestCardForm.js';

// Stripe's packages load only in the Stripe branch.
const StripeCardForm = lazy(() => import('./StripeCardForm.js').then((module) => ({ default: module.StripeCardForm })));

interface Receipt {
  amount: number;
  transactionId: string;
}

/** SPEC sections 2, 4 and 8: the order to pay, the card form, card errors in red above the result. */
export function PaymentPage() {
  const { orderId } = useParams();
  const order = useOrder(orderId);
  // Kept here, not in the form: once the order is recorded as paid, the form gives way to this receipt.
  const [receipt, setReceipt] = useState<Receipt | null>(null);
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
              {receipt ? (
                <PaymentReceipt receipt={receipt} />
              ) : item.paid ? (
                <p className="font-semibold text-emerald-800" data-testid="order-paid">
                  {messages.ui.orderPaid} Transaction ID: <span className="font-mono break-all">{item.transactionId}</span>
                </p>
              ) : item.status !== 'not paid' ? (
                <p className="text-slate-800" data-testid="order-not-payable">
                  {messages.ui.orderNotPayable(statusLabel(item.status))}
                </p>
              ) : (
                <PayOrder order={item} onPaid={setReceipt} />
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

function PaymentReceipt({ receipt }: { receipt: Receipt }) {
  return (
    <div role="status" className="space-y-1 rounded-lg bg-emerald-50 p-4 text-emerald-900" data-testid="payment-result">
      <p className="text-lg font-bold">{messages.payment.congrats}</p>
      <p>{messages.payment.youPaid(formatDollars(receipt.amount))}</p>
      <p className="break-all">
        {messages.payment.transactionId(receipt.transactionId)}
      </p>
    </div>
  );
}

/** A failure to reach the shop (or the shop failing) is worth retrying; a refusal (4xx) is final. */
const isRetryable = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

function PayOrder({ order, onPaid }: { order: Order; onPaid: (receipt: Receipt) => void }) {
  const config = usePaymentsConfig();
  const intent = usePaymentIntent(order._id, true);
  const pay = usePayOrder();
  const [error, setError] = useState<string | null>(null);
  // A confirmed payment the shop could not record yet (network, server error): offered again, same id.
  const [unrecorded, setUnrecorded] = useState<string | null>(null);

  const record = useCallback(
    async (transactionId: string) => {
      setError(null);
      try {
        const paid = await pay.mutateAsync({ orderId: order._id, transactionId });
        setUnrecorded(null);
        toast.success(messages.toast.paymentSuccessful);
        onPaid({ amount: paid.total, transactionId: paid.transactionId ?? transactionId });
      } catch (failure) {
        setError(errorText(failure));
        setUnrecorded(isRetryable(failure) ? transactionId : null);
      }
    },
    [order._id, pay, onPaid],
  );

  if (config.isPending) return <Spinner label={messages.ui.paymentPreparing} />;
  if (config.isError) return <PaymentError message={errorText(config.error)} />;

  const formProps: CardFormProps = {
    clientSecret: intent.data?.clientSecret ?? null,
    billing: { name: order.name, email: order.email },
    onConfirmed: record,
    onError: setError,
    recording: pay.isPending,
  };
  const { provider, publishableKey } = config.data;

  return (
    <div className="space-y-4">
      {provider === 'stripe' ? (
        publishableKey ? (
          <Suspense fallback={<Spinner label={messages.ui.paymentPreparing} />}>
            <StripeCardForm publishableKey={publishableKey} {...formProps} />
          </Suspense>
        ) : (
          <PaymentError message={messages.ui.paymentUnavailable} />
        )
      ) : (
        <TestCardForm {...formProps} />
      )}
      {intent.isPending && (
        <p className="text-sm text-slate-700" role="status">
          {messages.ui.paymentPreparing}
        </p>
      )}
      <PaymentError message={intent.isError ? errorText(intent.error) : error} />
      {unrecorded && (
        <div className="space-y-2">
          <p className="text-sm text-slate-800">{messages.ui.paymentNotRecorded}</p>
          <button type="button" className="btn-secondary" disabled={pay.isPending} onClick={() => void record(unrecorded)}>
            Try again
          </button>
        </div>
      )}
    </div>
  );
}

/** Card and payment errors: the provider's (or the shop's) message in red, announced. */
function PaymentError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700" data-testid="payment-error">
      {message}
    </p>
  );
}
