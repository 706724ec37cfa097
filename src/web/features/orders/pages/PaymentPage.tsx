import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast.js';
import type { Order } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { legacyDollars } from '../../../../shared/format.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { Spinner } from '../../../components/Spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/form-errors.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { useFocusWhenShown } from '../../../lib/useFocusWhenShown.js';
import { useOrder, usePaymentIntent, usePaymentsConfig, usePayOrder } from '../api.js';
import type { CardFormProps } from '../components/card-form.js';
import { OrderCharges } from '../components/OrderCharges.js';
import { OrderLines } from '../components/OrderLines.js';
import { TestCardForm } from '../components/TestCardForm.js';
import { ORDER_STATUS_DISPLAY } from '../order-status.js';

// Stripe's packages load only in the Stripe branch.
const StripeCardForm = lazy(() =>
  import('../components/StripeCardForm.js').then((module) => ({ default: module.StripeCardForm })),
);

interface Receipt {
  amount: number;
  transactionId: string;
}

/** The original payment page (docs/legacy-contract.md#screen-text): the order to pay, the card form, card errors in red above the result. */
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
          <div className="space-y-6">
            <section className="space-y-3" aria-labelledby="payment-order-heading">
              <h3 id="payment-order-heading" className="text-lg font-bold text-slate-900" data-testid="payment-heading">
                {item.paid || receipt ? messages.ui.orderPage.paidHeading(item.number) : messages.ui.orderPage.payHeading(item.number)}
              </h3>
              <OrderLines order={item} />
              <OrderCharges order={item} />
            </section>
            <div className="grid gap-6 md:grid-cols-2">
              <div className="space-y-2 rounded-xl bg-slate-100 p-5">
                <p className="text-lg font-semibold text-emerald-800">Hello, {item.name}</p>
                <p className="text-xl font-bold text-slate-900">Please Pay for {item.product}</p>
                <p className="text-slate-800">
                  Your Order is {item.quantity} units of {item.product}
                </p>
                <p className="text-slate-900">
                  Please pay: <strong>${legacyDollars(item.total)}</strong>
                </p>
                {item.heldUntil && !receipt && (
                  <p className="text-sm text-slate-800" data-testid="held-until">
                    {messages.ui.heldUntil(formatDateTime(item.heldUntil))}
                  </p>
                )}
              </div>
              <div className="space-y-4 rounded-xl border border-slate-200 p-5">
                {receipt ? <PaymentReceipt receipt={receipt} /> : <PaymentStep order={item} onPaid={setReceipt} />}
                <Link to="/dashboard/myOrders" className="inline-block text-sm font-semibold text-brand-700 underline">
                  Back to My Orders
                </Link>
              </div>
            </div>
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

/** What the customer can do with the order in its status: pay it, or read that it is paid or cannot be. */
function PaymentStep({ order, onPaid }: { order: Order; onPaid: (receipt: Receipt) => void }) {
  const { customer, legacyLabel: label } = ORDER_STATUS_DISPLAY[order.status];
  switch (customer) {
    case 'receipt':
      return (
        <p className="font-semibold text-emerald-800" data-testid="order-paid">
          {messages.ui.orderPaid} Transaction ID: <span className="font-mono break-all">{order.transactionId}</span>
        </p>
      );
    case 'closed':
      return (
        <p className="text-slate-800" data-testid="order-not-payable">
          {messages.ui.orderNotPayable(label)}
        </p>
      );
    case 'pay':
      return <PayOrder order={order} onPaid={onPaid} />;
  }
}

/** The result of a payment takes the focus (and so the screen), in place of the form the customer was in. */
function PaymentReceipt({ receipt }: { receipt: Receipt }) {
  const ref = useFocusWhenShown<HTMLDivElement>(receipt);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="space-y-1 rounded-lg bg-emerald-50 p-4 text-emerald-900"
      data-testid="payment-result"
    >
      <p className="text-lg font-bold">{messages.payment.congrats}</p>
      <p>{messages.payment.youPaid(legacyDollars(receipt.amount))}</p>
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

/** Card and payment errors: the provider's (or the shop's) message in red, announced, focused (so on screen). */
function PaymentError({ message }: { message: string | null }) {
  const ref = useFocusWhenShown<HTMLParagraphElement>(message);
  if (!message) return null;
  return (
    <p ref={ref} tabIndex={-1} role="alert" className="text-sm font-medium text-red-700" data-testid="payment-error">
      {message}
    </p>
  );
}
