import type { OrderStatus } from '../../../../shared/order-status.js';
import { ORDER_STATUS_DISPLAY } from '../order-status.js';

/** An order's status as a pill; `wrap` lets a long one ("Paid – preparing shipment") take two lines in a narrow column. */
export function StatusBadge({ status, wrap = false }: { status: OrderStatus; wrap?: boolean }) {
  const { tone, label } = ORDER_STATUS_DISPLAY[status];
  return (
    <span className={`inline-block px-2.5 py-0.5 text-xs font-semibold ${wrap ? 'rounded-lg' : 'rounded-full whitespace-nowrap'} ${tone}`}>{label}</span>
  );
}
