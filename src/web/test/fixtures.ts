import type { Order } from '../../shared/api.js';
import { customer } from './render.js';

/** An unpaid order of the test customer: 120 units of Brake Pads at $12.50 (total $1,500). */
export function unpaidOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: '7',
    name: customer.name,
    email: customer.email,
    quantity: 120,
    contact: '+1 555 0100',
    address: '1 Main Street, Springfield',
    productId: '3',
    product: 'Brake Pads',
    price: 12.5,
    total: 1500,
    status: 'not paid',
    paid: false,
    transactionId: null,
    createdAt: '2030-06-01T10:00:00.000Z',
    updatedAt: '2030-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function paidOrder(transactionId: string, overrides: Partial<Order> = {}): Order {
  return unpaidOrder({ status: 'pending', paid: true, transactionId, ...overrides });
}

/** A promise to resolve later: holds a mocked call back to see what the page shows meanwhile. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
