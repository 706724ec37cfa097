import { describe, expect, it } from 'vitest';
import { returnWindowEndsAt, withinReturnWindow } from './returns.js';

describe('the return window', () => {
  const shippedAt = '2026-03-01T10:00:00.000Z';
  it('closes `days` × 24 hours after the shipment: that moment is still in time, a millisecond later is not', () => {
    expect(new Date(returnWindowEndsAt(shippedAt, 30)).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(withinReturnWindow(shippedAt, 30, Date.parse('2026-03-31T10:00:00.000Z'))).toBe(true);
    expect(withinReturnWindow(shippedAt, 30, Date.parse('2026-03-31T10:00:00.001Z'))).toBe(false);
    // 90 days for a core: 1 March + 90 days = 30 May.
    expect(withinReturnWindow(shippedAt, 90, Date.parse('2026-05-30T09:59:59.999Z'))).toBe(true);
    expect(withinReturnWindow(shippedAt, 90, Date.parse('2026-05-31T10:00:00.000Z'))).toBe(false);
  });
});
