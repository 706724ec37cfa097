import type { Order } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';

const text = messages.ui.orders;

/**
 * An order's product in a table cell: its name, and under it the part number it was ordered by; an order of
 * several parts lists each line under its headline. The buyer's PO number last, when one was given.
 */
export function OrderProduct({ order, className }: { order: Order; className?: string }) {
  return (
    <td className={className}>
      {order.product}
      {order.lines.length > 1 ? (
        <ul className="mt-1 space-y-0.5 text-xs font-normal text-slate-700">
          {order.lines.map((line) => (
            <li key={line.productId}>{text.line(line.sku, line.product, line.quantity)}</li>
          ))}
        </ul>
      ) : (
        order.sku && <span className="block font-mono text-xs font-normal whitespace-nowrap text-slate-600">{order.sku}</span>
      )}
      {order.poNumber && <span className="block text-xs font-normal text-slate-600">{text.poNumber(order.poNumber)}</span>}
    </td>
  );
}
