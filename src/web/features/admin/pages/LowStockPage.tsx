import { useState } from 'react';
import { Link } from 'react-router';
import type { LowStockItem } from '../../../../shared/api.js';
import { formatQuantity } from '../../../../shared/format.js';
import { messages } from '../../../../shared/messages.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { RestockDialog, type RestockTarget } from '../components/RestockDialog.js';
import { useLowStock } from '../low-stock-api.js';

const text = messages.ui.lowStock;
const COLUMNS = Object.values(text.columns);

const restockTarget = ({ productId, sku, name, stock }: LowStockItem): RestockTarget => ({ _id: productId, sku, name, stock });

/** /dashboard/low-stock: the parts to reorder, each with a quick restock and a link to edit it. */
export function LowStockPage() {
  const low = useLowStock();
  const [restocking, setRestocking] = useState<RestockTarget | null>(null);
  return (
    <Panel title={text.title}>
      <title>{`${text.title} – Partsmith`}</title>
      <p className="mb-4 text-sm text-slate-700">{text.intro}</p>
      <QueryState query={low} label="the low-stock parts">
        {(items) =>
          items.length === 0 ? (
            <p className="text-slate-700">{text.empty}</p>
          ) : (
            <DataTable label={text.title} columns={COLUMNS}>
              {items.map((item) => (
                <tr key={item.productId}>
                  <td className="font-mono text-xs whitespace-nowrap">{item.sku}</td>
                  <td className="font-medium">{item.name}</td>
                  <td>{formatQuantity(item.stock)}</td>
                  <td>{formatQuantity(item.threshold)}</td>
                  <td>{formatQuantity(item.min)}</td>
                  <td>
                    <div className="flex flex-wrap justify-end gap-2">
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1.5"
                        onClick={() => setRestocking(restockTarget(item))}
                        aria-label={`${text.restock} ${item.name}`}
                      >
                        {text.restock}
                      </button>
                      <Link to={`/dashboard/edit-product/${item.productId}`} className="btn-secondary px-3 py-1.5" aria-label={`${text.edit} ${item.name}`}>
                        {text.edit}
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
      <RestockDialog product={restocking} onClose={() => setRestocking(null)} />
    </Panel>
  );
}
