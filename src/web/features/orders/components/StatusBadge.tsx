import type { OrderStatus } from '../../../../shared/order-status.js';
import { ORDER_STATUS_DISPLAY } from '../order-status.js';

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { tone, label } = ORDER_STATUS_DISPLAY[status];
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>{label}</span>
  );
}
