import { describe, expect, it } from 'vitest';
import { leftToDo } from './left-to-do.js';

const line = (quantity: number, shippedQuantity = 0) => ({ quantity, shippedQuantity });

describe('what is left to do on an order', () => {
  it('waits for an unpaid order to be paid', () => {
    expect(leftToDo({ status: 'not paid', lines: [line(5)] })).toEqual({ kind: 'payment' });
  });

  it('ships what a paid order has not shipped yet, of all its units', () => {
    // 3 + 2 = 5 units; 2 of the first line gone: 5 − 2 = 3 left.
    expect(leftToDo({ status: 'partially shipped', lines: [line(3, 2), line(2)] })).toEqual({ kind: 'ship', left: 3, of: 5 });
    expect(leftToDo({ status: 'pending', lines: [line(4)] })).toEqual({ kind: 'ship', left: 4, of: 4 });
  });

  it('has nothing left on a shipped, cancelled or expired order', () => {
    for (const status of ['shipped', 'cancelled', 'expired'] as const) expect(leftToDo({ status, lines: [line(2)] })).toEqual({ kind: 'nothing' });
  });
});
