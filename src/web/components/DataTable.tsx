import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

type Element = ReactElement<{ children?: ReactNode; 'data-label'?: string }>;

/** Each row's cells get their column's name (data-label), which a phone shows in front of the cell. */
function labelCells(rows: ReactNode, columns: readonly string[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement(row)) return row;
    let column = 0;
    const cells = Children.map((row as Element).props.children, (cell) =>
      isValidElement(cell) ? cloneElement(cell as Element, { 'data-label': columns[column++] }) : cell,
    );
    return cloneElement(row as Element, undefined, cells);
  });
}

/**
 * A dashboard table in a labelled, keyboard-scrollable region: the column headings, then `children` (the
 * rows: <tr> of <td>). On a phone each row is shown as a card, a cell a line, or with `compact` its cells
 * side by side, placed by their data-card (see table-base in index.css).
 */
export function DataTable({ label, columns, children, compact = false }: { label: string; columns: readonly string[]; children: ReactNode; compact?: boolean }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200" role="region" aria-label={label} tabIndex={0}>
      <table className="table-base" data-compact={compact || undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{labelCells(children, columns)}</tbody>
      </table>
    </div>
  );
}
