import { describe, expect, it } from 'vitest';
import { shareOfCents } from './money.js';
import { RefundAboveChargedError, refundOf, type RefundLineFacts, splitTax } from './refunds.js';

// An order of 10 headlights at $89.00 and 2 alternators at $149.99 with a $25.00 core deposit each, at 8.25 %:
//   headlights' tax   89,000 × 8.25 % = 7,342.5  → 7,343
//   alternators' tax  29,998 × 8.25 % = 2,474.835 → 2,475; their deposits' 5,000 × 8.25 % = 412.5 → 413
//   shipping 1,500, its tax 1,500 × 8.25 % = 123.75 → 124
//   total 89,000 + 29,998 + 5,000 + 1,500 + (7,343 + 2,475 + 413 + 124 = 10,355) = 135,853
const headlights = { quantity: 10, unitPriceCents: 8900, taxCents: 7343, coreChargeCents: 0, coreTaxCents: 0 };
const alternators = { quantity: 2, unitPriceCents: 14999, taxCents: 2475, coreChargeCents: 2500, coreTaxCents: 413 };
const SHIPPING = { cents: 1500, taxCents: 124, refundedBefore: false, refundNow: false };
const TOTAL = 135_853;
const back = (line: typeof headlights, units: number, before = 0, cores = 0, coresBefore = 0): RefundLineFacts => ({ ...line, units, unitsBefore: before, cores, coresBefore });

describe('shareOfCents', () => {
  it('rounds half up, in integers', () => {
    expect(shareOfCents(1000, 1, 3)).toBe(333); // 333.33…
    expect(shareOfCents(1000, 2, 3)).toBe(667); // 666.66…
    expect(shareOfCents(413, 1, 2)).toBe(207); // 206.5
    expect(shareOfCents(7343, 10, 10)).toBe(7343);
    expect(shareOfCents(500, 0, 4)).toBe(0);
  });
});

describe('refundOf', () => {
  it('three partial returns of one line give back exactly its price and tax, and the shipping once, never more than was charged', () => {
    // 3 headlights: 26,700 + round(7,343 × 3/10 = 2,202.9) = 2,203 → 28,903
    const first = refundOf({ lines: [back(headlights, 3)], shipping: SHIPPING, leftCents: TOTAL });
    expect(first).toEqual({ goodsCents: 26_700, coresCents: 0, taxCents: 2203, shippingCents: 0, amountCents: 28_903, capped: false });
    // 3 more: round(7,343 × 6/10 = 4,405.8) = 4,406 − 2,203 = 2,203 → 28,903
    const second = refundOf({ lines: [back(headlights, 3, 3)], shipping: SHIPPING, leftCents: TOTAL - 28_903 });
    expect(second.amountCents).toBe(28_903);
    expect(second.taxCents).toBe(2203);
    // The last 4, the shop at fault: 35,600 + (7,343 − 4,406 = 2,937) + shipping 1,500 + its tax 124 → 40,161
    const third = refundOf({ lines: [back(headlights, 4, 6)], shipping: { ...SHIPPING, refundNow: true }, leftCents: TOTAL - 2 * 28_903 });
    expect(third).toEqual({ goodsCents: 35_600, coresCents: 0, taxCents: 3061, shippingCents: 1500, amountCents: 40_161, capped: false });
    // 28,903 + 28,903 + 40,161 = 97,967 = 89,000 + 7,343 + 1,500 + 124: the headlights' whole charge and the shipping
    expect(first.amountCents + second.amountCents + third.amountCents).toBe(89_000 + 7343 + 1500 + 124);
  });

  it('gives a core deposit back with its share of the deposits’ tax, the two cores’ shares adding up', () => {
    // 1 core: 2,500 + round(413 × 1/2 = 206.5) = 207 → 2,707; the second: 2,500 + (413 − 207 = 206) → 2,706
    const first = refundOf({ lines: [back(alternators, 0, 0, 1)], shipping: SHIPPING, leftCents: TOTAL });
    expect(first).toEqual({ goodsCents: 2500, coresCents: 2500, taxCents: 207, shippingCents: 0, amountCents: 2707, capped: false });
    const second = refundOf({ lines: [back(alternators, 0, 0, 1, 1)], shipping: SHIPPING, leftCents: TOTAL - 2707 });
    expect(second.amountCents).toBe(2706);
  });

  it('adds lines of one return up, and gives shipping back only once', () => {
    // 1 headlight (8,900 + round(734.3) = 734) and 1 alternator (14,999 + round(2,475 / 2 = 1,237.5) = 1,238): 25,871
    const both = refundOf({ lines: [back(headlights, 1), back(alternators, 1)], shipping: { ...SHIPPING, refundNow: true, refundedBefore: true }, leftCents: TOTAL });
    expect(both).toEqual({ goodsCents: 23_899, coresCents: 0, taxCents: 734 + 1238, shippingCents: 0, amountCents: 25_871, capped: false });
  });

  it('is capped at what is left of the charge: the shipping, then the tax, come off', () => {
    // 4 headlights with shipping would be 35,600 + 2,937 + 124 + 1,500 = 40,161; only 37,000 is left:
    // 3,161 over → shipping 1,500 off, then 1,661 of the tax (3,061 → 1,400)
    const capped = refundOf({ lines: [back(headlights, 4, 6)], shipping: { ...SHIPPING, refundNow: true }, leftCents: 37_000 });
    expect(capped).toEqual({ goodsCents: 35_600, coresCents: 0, taxCents: 1400, shippingCents: 0, amountCents: 37_000, capped: true });
    // The goods alone (35,600) above what is left (30,000): refused.
    expect(() => refundOf({ lines: [back(headlights, 4, 6)], shipping: SHIPPING, leftCents: 30_000 })).toThrow(RefundAboveChargedError);
  });

  it('refunds no tax on an order that charged none (reverse charge, exempt)', () => {
    const untaxed = { ...headlights, taxCents: 0 };
    expect(refundOf({ lines: [back(untaxed, 2)], shipping: SHIPPING, leftCents: 89_000 }).amountCents).toBe(17_800);
  });
});

describe('splitTax', () => {
  it('splits a tax kept whole in proportion to what it was charged on, the parts adding up exactly', () => {
    // 1,000 over 10,000 + 5,000 + 15,000 (30,000): 333.3 → 333, then round(1,000 × 15,000/30,000) = 500 − 333 = 167, then 1,000 − 500 = 500
    expect(splitTax(1000, [10_000, 5000, 15_000])).toEqual([333, 167, 500]);
    expect(splitTax(0, [100, 200])).toEqual([0, 0]);
    expect(splitTax(7, [0, 0])).toEqual([0, 0]);
  });
});
