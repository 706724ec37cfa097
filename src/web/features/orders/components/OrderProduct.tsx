import type { Order } from '../../../../shared/api.js';

/** An order's product in a table cell: its name, and under it the part number it was ordered by. */
export function OrderProduct({ order, className }: { order: Order; className?: string }) {
  return (
    <td className={className}>
      {order.product}
      {order.sku && <span className="block font-mono text-xs font-normal text-slate-600">{order.sku}</span>}
    </td>
  );
}
