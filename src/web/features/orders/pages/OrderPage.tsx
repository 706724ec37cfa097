import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Order } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { ApiError } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { useOrder, useOrderHistory } from '../api.js';
import { InvoiceButton } from '../components/InvoiceButton.js';
import { OrderRefunds } from '../components/OrderRefunds.js';
import { OrderHistoryList } from '../components/OrderHistoryList.js';
import { OrderCharges, ShipTo } from '../components/OrderCharges.js';
import { OrderLines } from '../components/OrderLines.js';
import { ShipmentList } from '../components/Shipments.js';
import { ReturnPartsLink } from '../components/ReturnPartsLink.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { ApprovalNote } from '../components/ApprovalNote.js';
import { ORDER_STATUS_DISPLAY } from '../order-status.js';

const text = messages.ui.orderPage;

/**
 * One order (/dashboard/orders/:id), its customer's or an admin's: its number and date, status, lines,
 * delivery, payment, shipments, history and documents. Anyone else reads that there is no such order, as
 * the server answers them.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  if (order.error instanceof ApiError && [400, 404].includes(order.error.status)) return <NoSuchOrder />;
  return (
    <QueryState query={order} label="the order">
      {(item) => <OrderDetails order={item} />}
    </QueryState>
  );
}

function NoSuchOrder() {
  return (
    <Panel title={text.notFound}>
      <title>{`${text.notFound} – Partsmith`}</title>
      <p className="text-slate-700">{text.notFoundHelp}</p>
      <Link to="/dashboard/myOrders" className="mt-4 inline-block font-semibold text-brand-700 underline">
        {text.backToOrders}
      </Link>
    </Panel>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-lg font-bold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const history = useOrderHistory(order._id);
  return (
    <Panel title={text.title(order.number)} actions={<StatusBadge status={order.status} />}>
      <title>{`${text.title(order.number)} – Partsmith`}</title>
      <div className="space-y-6">
        <p className="text-slate-700">
          <time dateTime={order.createdAt}>{messages.ui.orders.placed(formatDateTime(order.createdAt))}</time>
        </p>
        <ApprovalNote order={order} className="text-base" />
        <OrderLines order={order} />
        <OrderCharges order={order} shipTo={false} />
        <ReturnPartsLink order={order} />
        <div className="grid gap-6 md:grid-cols-2">
          <Section title={text.delivery}>
            <ShipTo order={order} />
            <p className="text-slate-700">{text.phone(order.contact)}</p>
          </Section>
          <Section title={text.payment}>
            <PaymentFacts order={order} />
          </Section>
          <Section title={text.shipments}>
            <ShipmentList order={order} />
          </Section>
          <Section title={text.documents}>
            {order.invoiceNumber ? <InvoiceButton order={order} /> : <p className="text-slate-700">{text.noDocuments}</p>}
            <OrderRefunds order={order} />
          </Section>
        </div>
        <Section title={text.history}>
          <QueryState query={history} label="the order's history">
            {(list) => <OrderHistoryList events={list} />}
          </QueryState>
        </Section>
        <Link to="/dashboard/myOrders" className="inline-block text-sm font-semibold text-brand-700 underline">
          {text.backToOrders}
        </Link>
      </div>
    </Panel>
  );
}

function PaymentFacts({ order }: { order: Order }) {
  const payable = ORDER_STATUS_DISPLAY[order.status].customer === 'pay';
  return (
    <>
      <p className="text-slate-900">
        {messages.ui.orders.total}: <strong>${formatDollars(order.total)}</strong>
      </p>
      {order.paid && order.transactionId ? (
        <p className="break-all text-slate-800">{text.paidBy(order.transactionId)}</p>
      ) : (
        <p className="text-slate-800">{text.notPaidYet}</p>
      )}
      {payable && (
        <Link to={`/dashboard/payment/${order._id}`} className="btn-success inline-block px-3 py-1.5">
          {text.payNow}
        </Link>
      )}
      {order.poNumber && <p className="text-slate-700">{text.poNumber(order.poNumber)}</p>}
    </>
  );
}
