/**
 * What is left for the shop to do on an order, read from the order alone: wait for its payment, ship the
 * units still to go, or nothing (shipped, cancelled or expired). Manage All Orders shows it on each row; the
 * staff home can count orders by it.
 */
import { isPayable, isShippable, type OrderStatus } from './order-status.js';
import { unitsLeftToShip } from './shipments.js';

export type LeftToDo = { kind: 'payment' } | { kind: 'ship'; left: number; of: number } | { kind: 'nothing' };

interface OrderFacts {
  status: OrderStatus;
  lines: readonly { quantity: number; shippedQuantity: number }[];
}

export function leftToDo({ status, lines }: OrderFacts): LeftToDo {
  if (isPayable(status)) return { kind: 'payment' };
  if (!isShippable(status)) return { kind: 'nothing' };
  const left = unitsLeftToShip(lines.map((line) => ({ quantity: line.quantity, shipped: line.shippedQuantity })));
  return left > 0 ? { kind: 'ship', left, of: lines.reduce((units, line) => units + line.quantity, 0) } : { kind: 'nothing' };
}
