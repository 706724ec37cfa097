import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatDollars, formatMoney, formatQuantity, formatOrderNumber, formatRate, legacyDollars, orderIdOfNumber } from './format.js';

describe('the one format for money, quantities and dates', () => {
  it('writes a tax rate with the decimals it has, and no more', () => {
    expect(formatRate(6)).toBe('6%');
    expect(formatRate(6.25)).toBe('6.25%');
    expect(formatRate(5.5)).toBe('5.5%');
    expect(formatRate(8.875)).toBe('8.875%');
  });

  it('writes money with the sign and always the cents', () => {
    expect(formatMoney(94)).toBe('$94.00');
    expect(formatMoney(24.5)).toBe('$24.50');
    expect(formatMoney(12250)).toBe('$12,250.00');
    expect(formatMoney(999999.99)).toBe('$999,999.99');
    expect(formatMoney(0.07)).toBe('$0.07');
    expect(formatMoney(-5)).toBe('-$5.00');
  });

  it('writes the amount alone for texts that carry their own "$"', () => {
    expect(formatDollars(94)).toBe('94.00');
    expect(formatDollars(1234.5)).toBe('1,234.50');
    expect(formatDollars(1_000_000)).toBe('1,000,000.00');
  });

  it("keeps the original storefront's form inside its own strings", () => {
    expect(`Price: $${legacyDollars(94)} (per unit)`).toBe('Price: $94 (per unit)');
    expect(legacyDollars(24.5)).toBe('24.50');
    expect(legacyDollars(12250)).toBe('12,250');
  });

  it('groups quantities', () => {
    expect(formatQuantity(1250)).toBe('1,250');
    expect(formatQuantity(45455)).toBe('45,455');
    expect(formatQuantity(7)).toBe('7');
  });

  it('writes dates as "Dec 1, 2026", in the zone asked for', () => {
    expect(formatDate('2026-12-01T10:00:00.000Z', 'UTC')).toBe('Dec 1, 2026');
    expect(formatDate('2026-12-01T03:00:00.000Z', 'America/New_York')).toBe('Nov 30, 2026');
    expect(formatCalendarDate('2026-11-02')).toBe('Nov 2, 2026');
    expect(formatDateTime('2026-12-01T14:30:00.000Z', 'UTC')).toBe('Dec 1, 2026, 2:30 PM');
  });
});

describe('order numbers', () => {
  it('writes an order id as ORD and six digits at least, and reads it back however typed', () => {
    expect(formatOrderNumber(42)).toBe('ORD-000042');
    expect(formatOrderNumber('1234567')).toBe('ORD-1234567');
    expect(orderIdOfNumber('ORD-000042')).toBe(42);
    expect(orderIdOfNumber(' ord42 ')).toBe(42);
    expect(orderIdOfNumber('42')).toBe(42);
    expect(orderIdOfNumber('ORD-')).toBeUndefined();
    expect(orderIdOfNumber('BR-1507')).toBeUndefined();
  });
});
