import type { ReactNode } from 'react';

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
