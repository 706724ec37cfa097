import type { ReactNode } from 'react';
import type { OrderStatus } from '../../../shared/order-status.js';
import { statusLabel } from '../../components/order-status-label.js';

/** A dashboard section: its heading (h2; the page's h1 is the dashboard title) and content. */
export function Panel({ title, children, actions }: { title: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="card p-5 sm:p-6">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">{title}</h2>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** A dashboard table in a labelled, keyboard-scrollable region: the column headings, then `children` (the rows). */
export function DataTable({ label, columns, children }: { label: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200" role="region" aria-label={label} tabIndex={0}>
      <table className="table-base">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  const tone: Record<OrderStatus, string> = {
    'not paid': 'bg-amber-100 text-amber-900',
    pending: 'bg-sky-100 text-sky-900',
    shipped: 'bg-emerald-100 text-emerald-900',
    cancelled: 'bg-slate-200 text-slate-800',
    expired: 'bg-slate-200 text-slate-800',
  };
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone[status]}`}>
      {statusLabel(status)}
    </span>
  );
}
