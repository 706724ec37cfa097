/**
 * Calendar dates as the wire writes them, `2024-03-10`: a day on the shop's calendar, with no time or zone.
 * Arithmetic on them is calendar arithmetic (every date is one day after the one before), done in UTC so no
 * zone's clock changes can skip or repeat a date.
 */
const DAY_MS = 86_400_000;

/** YYYY-MM-DD, years 1000–2999 (four digits, no era to think about). */
export const CALENDAR_DATE_PATTERN = /^[12]\d{3}-\d{2}-\d{2}$/;

function utcMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** A real date in the YYYY-MM-DD form (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDate(text: string): boolean {
  if (!CALENDAR_DATE_PATTERN.test(text)) return false;
  const at = utcMidnight(text);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}

/** The date `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many dates from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysInPeriod(from: string, to: string): number {
  return Math.max(0, Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS) + 1);
}

/** Every date from `from` to `to`, both included, in order. */
export function datesOf(from: string, to: string): string[] {
  return Array.from({ length: daysInPeriod(from, to) }, (_, i) => addDays(from, i));
}
