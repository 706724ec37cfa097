import type { Order } from '../../../../shared/api.js';
import { checkoutMessages, messages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';
import { formatQuantity } from '../../../../shared/quantity.js';

const text = messages.ui.orders;

/**
 * An order's lines as charged: each part with its own quantity, unit price and line total, then their sum, the
 * goods subtotal (shipping, tax and the total follow in OrderCharges).
 */
export function OrderLines({ order }: { order: Order }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="order-lines">
        <caption className="sr-only">{text.linesCaption(order.number)}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            {text.lineColumns.map((column, index) => (
              <th key={column} scope="col" className={`py-2 pr-3 font-semibold ${index > 0 ? 'text-right' : ''}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.productId} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                {line.product} <span className="block font-mono text-xs font-normal whitespace-nowrap text-slate-600">{line.sku}</span>
              </th>
              <td className="py-2 pr-3 text-right">{formatQuantity(line.quantity)}</td>
              <td className="py-2 pr-3 text-right">${formatDollars(line.unitPrice)}</td>
              <td className="py-2 pr-3 text-right">${formatDollars(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="py-2 pr-3 text-right font-semibold">
              {checkoutMessages.charges.subtotal}
            </th>
            <td className="py-2 pr-3 text-right font-bold" data-testid="order-subtotal">
              ${formatDollars(order.subtotal)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
