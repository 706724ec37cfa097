import type { Product, ProductChange } from '../../../../shared/api.js';
import { formatMoney, formatQuantity } from '../../../../shared/format.js';
import { messages } from '../../../../shared/messages.js';
import { Modal } from '../../../components/Modal.js';
import { QueryState } from '../../../components/QueryState.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { useProductChanges } from '../api.js';

const FIELD_LABELS: Record<ProductChange['field'], string> = { price: 'Price', stock: 'Stock' };

function shown(field: ProductChange['field'], value: number): string {
  return field === 'price' ? formatMoney(value) : `${formatQuantity(value)} units`;
}

function Changes({ product }: { product: Product }) {
  const changes = useProductChanges(product._id);
  return (
    <QueryState query={changes} label="the changes">
      {(list) =>
        list.length === 0 ? (
          <p className="text-slate-700">{messages.ui.productAdmin.historyEmpty}</p>
        ) : (
          <ol className="max-h-96 divide-y divide-slate-200 overflow-y-auto" aria-label={`Changes of ${product.name}`}>
            {list.map((change, index) => (
              <li key={`${change.at}-${change.field}-${index}`} className="py-2 text-sm">
                <p className="font-medium text-slate-900">
                  {FIELD_LABELS[change.field]}: {shown(change.field, change.from)} → {shown(change.field, change.to)}
                  <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                    {messages.ui.productAdmin.changeReasons[change.reason]}
                  </span>
                </p>
                <p className="text-slate-700">
                  <time dateTime={change.at}>{formatDateTime(change.at)}</time> · {change.by.name} ({change.by.email})
                </p>
              </li>
            ))}
          </ol>
        )
      }
    </QueryState>
  );
}

/** Who changed a product's price or stock, when, from what to what and why (an edit, a restock, an import). */
export function HistoryDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  return (
    <Modal open={product !== null} onClose={onClose} title={product ? `History of ${product.name}` : ''}>
      {product && <Changes product={product} />}
    </Modal>
  );
}
