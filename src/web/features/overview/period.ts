import { addDays, daysInPeriod } from '../../../shared/dates.js';
import { SALES_PERIOD_MAX_DAYS } from '../../../shared/schemas.js';

/** Calendar dates (YYYY-MM-DD), both included. */
export interface Period {
  from: string;
  to: string;
}

export const PRESETS = ['today', 'week', 'month', 'year', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

const PRESET_DAYS: Record<Exclude<Preset, 'custom'>, number> = { today: 1, week: 7, month: 30, year: 365 };

/** Today on this browser's calendar (the admin is taken to work in the shop's time zone). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A preset's days, ending today. */
export function presetPeriod(preset: Exclude<Preset, 'custom'>, today: string): Period {
  return { from: addDays(today, 1 - PRESET_DAYS[preset]), to: today };
}

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriod({ from, to }: Period): Period {
  return { from: addDays(from, -daysInPeriod(from, to)), to: addDays(from, -1) };
}

/** A period the server sums: both dates, in order, at most SALES_PERIOD_MAX_DAYS days. */
export function isValidPeriod({ from, to }: Period): boolean {
  return from !== '' && to !== '' && from <= to && daysInPeriod(from, to) <= SALES_PERIOD_MAX_DAYS;
}

/** The relative change from `previous` to `current`, e.g. "+12.5%"; null when there is nothing to compare with. */
export function changeText(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const percent = ((current - previous) / previous) * 100;
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toLocaleString('en-US')}%`;
}
