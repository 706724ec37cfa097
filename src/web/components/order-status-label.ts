import type { OrderStatus } from '../../shared/order-status.js';
import { messages } from '../../shared/messages.js';

/** How a status reads on screen: an order that expired unpaid reads 'cancelled (expired)'. */
export function statusLabel(status: OrderStatus): string {
  return status === 'expired' ? messages.ui.orderExpired : status;
}
