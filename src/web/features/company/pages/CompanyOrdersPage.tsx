import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/api.js';
import { declineOrderSchema, type MyCompany } from '../../../../shared/companies.js';
import { formatMoney } from '../../../../shared/format.js';
import { tradeBuyerCopy } from '../../../../shared/trade-buyer-copy.js';
import { DataTable } from '../../../components/DataTable.js';
import { DownloadButton } from '../../../components/DownloadButton.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { Modal } from '../../../components/Modal.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { toast } from '../../../lib/toast.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { useAuth } from '../../auth/auth-context.js';
import { StatusBadge } from '../../orders/components/StatusBadge.js';
import { exportCompanyOrders, useApproveOrder, useCompanyOrders, useDeclineOrder, useMyCompany } from '../api.js';

const text = tradeBuyerCopy.orders;

/** /dashboard/company/orders: every order of the company (its admins), approving or declining those over a buyer's limit. */
export function CompanyOrdersPage() {
  const company = useMyCompany();
  return (
    <QueryState query={company} label={tradeBuyerCopy.loading}>
      {(mine) =>
        mine && mine.status === 'approved' && mine.role === 'admin' ? (
          <CompanyOrders company={mine} />
        ) : (
          <Panel title={text.title}>
            <p className="text-slate-700">{text.notAdmin}</p>
            <BackLink />
          </Panel>
        )
      }
    </QueryState>
  );
}

function BackLink() {
  return (
    <Link to="/dashboard/company" className="mt-4 inline-block text-sm font-semibold text-brand-700 underline">
      {text.back}
    </Link>
  );
}

function CompanyOrders({ company }: { company: MyCompany }) {
  const orders = useCompanyOrders(company.id);
  const { user } = useAuth();
  const approve = useApproveOrder();
  const { ask, dialog } = useConfirm();
  const [declining, setDeclining] = useState<Order | null>(null);
  const askApproval = (order: Order) =>
    ask(
      text.approveQuestion(order.number, order.name, formatMoney(order.total)),
      async () => {
        const approved = await approve.mutateAsync(order._id);
        return text.approved(approved.number);
      },
      { confirmLabel: text.approve, details: [text.approveDetail] },
    );
  return (
    <Panel
      title={`${text.title} – ${company.name}`}
      actions={<DownloadButton fetchFile={() => exportCompanyOrders(company.id)} fileName={`company-${company.id}-orders.csv`} label={text.exportCsv} />}
    >
      <title>{`${text.title} – Partsmith`}</title>
      <div className="space-y-4">
        <QueryState query={orders} label={text.tableLabel}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-slate-700">{text.none}</p>
            ) : (
              <DataTable label={text.tableLabel} columns={text.columns}>
                {list.map((order) => {
                  const own = user !== null && order.email === user.email;
                  return (
                    <tr key={order._id} data-testid={`company-order-${order.number}`}>
                      <td>
                        <Link to={`/dashboard/orders/${order._id}`} className="font-mono font-semibold text-brand-700 underline">
                          {order.number}
                        </Link>
                      </td>
                      <td>
                        {order.name}
                        <span className="block text-xs break-all text-slate-600">{order.email}</span>
                      </td>
                      <td className="whitespace-nowrap">{formatMoney(order.total)}</td>
                      <td>
                        <StatusBadge status={order.status} wrap />
                      </td>
                      <td>
                        {order.status === 'awaiting approval' &&
                          (own ? (
                            <span className="text-sm text-slate-600">{text.yourOwn}</span>
                          ) : (
                            <div className="flex flex-wrap gap-2">
                              <button type="button" className="btn-success px-3 py-1.5" aria-label={text.approveOf(order.number)} onClick={() => askApproval(order)}>
                                {text.approve}
                              </button>
                              <button type="button" className="btn-danger px-3 py-1.5" aria-label={text.declineOf(order.number)} onClick={() => setDeclining(order)}>
                                {text.decline}
                              </button>
                            </div>
                          ))}
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            )
          }
        </QueryState>
        <BackLink />
      </div>
      {dialog}
      <DeclineDialog order={declining} onClose={() => setDeclining(null)} />
    </Panel>
  );
}

function DeclineForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const decline = useDeclineOrder();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: declineOrderSchema,
    defaultValues: { reason: '' },
    fields: ['reason'],
    submit: ({ reason }) => decline.mutateAsync({ orderId: order._id, reason }),
    onSuccess: (declined) => {
      toast.success(text.declined(declined.number));
      onDone();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label={text.reason} hint={text.reasonHint} error={errors.reason?.message}>
        <textarea rows={3} className="input" data-autofocus {...register('reason')} />
      </Field>
      <SubmitRow error={formError} busy={isSubmitting} label={text.declineSubmit} busyLabel={text.declining} buttonClassName="btn-danger" />
    </form>
  );
}

/** Declining an order asks why: the buyer reads the reason on their order. */
function DeclineDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Modal open={order !== null} onClose={onClose} title={order ? text.declineTitle(order.number) : ''} size="sm">
      {order && <DeclineForm key={order._id} order={order} onDone={onClose} />}
    </Modal>
  );
}
