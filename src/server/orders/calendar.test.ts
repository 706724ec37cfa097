import { describe, expect, it } from 'vitest';
import { offsetAt, shopDays, startOfDay } from './calendar.js';

const iso = (instant: number) => new Date(instant).toISOString();
const HOUR = 3_600_000;

describe("the shop's calendar", () => {
  it('reads a zone offset at an instant, summer time and quarter hours included', () => {
    expect(offsetAt('UTC', Date.parse('2024-07-01T12:00:00Z'))).toBe(0);
    expect(offsetAt('America/New_York', Date.parse('2024-01-15T12:00:00Z'))).toBe(-5 * HOUR);
    expect(offsetAt('America/New_York', Date.parse('2024-07-15T12:00:00Z'))).toBe(-4 * HOUR);
    expect(offsetAt('Asia/Kathmandu', Date.parse('2024-07-15T12:00:00Z'))).toBe(5.75 * HOUR);
  });

  it('starts a day at its local midnight', () => {
    expect(iso(startOfDay('UTC', '2024-02-29'))).toBe('2024-02-29T00:00:00.000Z');
    expect(iso(startOfDay('America/New_York', '2024-06-14'))).toBe('2024-06-14T04:00:00.000Z');
    expect(iso(startOfDay('Asia/Kathmandu', '2024-01-01'))).toBe('2023-12-31T18:15:00.000Z');
    expect(iso(startOfDay('Pacific/Kiritimati', '2024-01-01'))).toBe('2023-12-31T10:00:00.000Z');
  });

  it('starts a day whose midnight is skipped when the clocks jump, and one whose midnight repeats at the first', () => {
    // Havana: at 00:00 on 10 March 2024 the clocks jump to 01:00 (UTC−5 → UTC−4).
    expect(iso(startOfDay('America/Havana', '2024-03-10'))).toBe('2024-03-10T05:00:00.000Z');
    // Havana: at 01:00 on 3 November 2024 the clocks go back to 00:00 (UTC−4 → UTC−5): midnight comes twice.
    expect(iso(startOfDay('America/Havana', '2024-11-03'))).toBe('2024-11-03T04:00:00.000Z');
    // Santiago: as 7 April 2024 would begin, the clocks go back to 23:00 on the 6th (UTC−3 → UTC−4): the 7th begins an hour later.
    expect(iso(startOfDay('America/Santiago', '2024-04-07'))).toBe('2024-04-07T04:00:00.000Z');
  });

  it('spans every date of a period, 23 and 25 hours on the days summer time starts and ends', () => {
    const lengths = (days: { starts: string; ends: string }[]) => days.map((d) => (Date.parse(d.ends) - Date.parse(d.starts)) / HOUR);
    const march = shopDays('America/New_York', '2024-03-09', '2024-03-11');
    expect(march.map((d) => d.date)).toEqual(['2024-03-09', '2024-03-10', '2024-03-11']);
    expect(march[0]).toEqual({ date: '2024-03-09', starts: '2024-03-09T05:00:00.000Z', ends: '2024-03-10T05:00:00.000Z' });
    expect(lengths(march)).toEqual([24, 23, 24]);
    expect(lengths(shopDays('America/New_York', '2024-11-02', '2024-11-04'))).toEqual([24, 25, 24]);
    expect(lengths(shopDays('UTC', '2023-12-31', '2024-01-01'))).toEqual([24, 24]);
  });
});
