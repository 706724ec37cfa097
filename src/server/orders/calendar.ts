/**
 * The shop's calendar: where its days (SHOP_TIME_ZONE) begin and end as UTC instants, which is what the
 * database's ISO-8601 UTC timestamps are compared with. Offsets come from Intl, so summer time and a zone's
 * changes of its rules are the runtime's tz database's, with no table of our own.
 */
import { addDays, datesOf } from '../../shared/dates.js';

const DAY_MS = 86_400_000;

/** A local date and the UTC instants it spans, [starts, ends), as the database writes timestamps. */
export interface ShopDay {
  date: string;
  starts: string;
  ends: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's clocks are ahead of UTC at an instant (negative west of Greenwich), in milliseconds. */
export function offsetAt(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockIn(timeZone).formatToParts(instant)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * Dates' first instants already worked out, by zone and date: they never change while the server runs
 * (its tz database is fixed), and a year's overview asks for every day of it, two offsets each.
 */
const knownStarts = new Map<string, number>();
/** Over ten years of days in one zone. */
const STARTS_KEPT = 4_000;

/**
 * The first instant of a local date, as Temporal's `startOfDay`: its midnight (the earlier one if the
 * clocks go back over midnight), or, where the clocks jump over midnight, the moment they jump.
 */
export function startOfDay(timeZone: string, date: string): number {
  const key = `${timeZone} ${date}`;
  let start = knownStarts.get(key);
  if (start === undefined) {
    start = firstInstantOf(timeZone, date);
    if (knownStarts.size >= STARTS_KEPT) knownStarts.delete(knownStarts.keys().next().value!);
    knownStarts.set(key, start);
  }
  return start;
}

function firstInstantOf(timeZone: string, date: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  // A zone changes its offset at most once in two days, so midnight has one of these two offsets.
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  if (before === after) return wall - before;
  const midnights = [wall - before, wall - after].filter((instant) => offsetAt(timeZone, instant) === wall - instant);
  if (midnights.length > 0) return Math.min(...midnights);
  // Midnight was skipped: the day begins when the offset turns from `before` to `after`, between these two.
  let notYet = wall - after;
  let already = wall - before;
  while (already - notYet > 1000) {
    const middle = notYet + Math.floor((already - notYet) / 2000) * 1000;
    if (offsetAt(timeZone, middle) === after) already = middle;
    else notYet = middle;
  }
  return already;
}

/** Every date from `from` to `to` (both included) with the UTC instants it spans in the zone. */
export function shopDays(timeZone: string, from: string, to: string): ShopDay[] {
  const dates = datesOf(from, to);
  const starts = [...dates, addDays(to, 1)].map((date) => new Date(startOfDay(timeZone, date)).toISOString());
  return dates.map((date, i) => ({ date, starts: starts[i]!, ends: starts[i + 1]! }));
}

/** The shop's local date and hour at an instant. */
export function shopClock(timeZone: string, at: number): { date: string; hour: number } {
  const wall = new Date(at + offsetAt(timeZone, at));
  return { date: wall.toISOString().slice(0, 10), hour: wall.getUTCHours() };
}
