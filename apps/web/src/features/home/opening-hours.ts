/**
 * The home page's opening hours (docs/requirements/booking-flow.md §2 screen 7, §9): seven days from Monday to Sunday, up to
 * two ranges a day, or closed; with today and "open now" judged on the group's wall clock.
 */
import type { Weekday } from '@creneau/core/group-config/group-config.schema';
import { parseWallClock } from '@creneau/core/time/wall-clock';

// The schema module exports WEEKDAYS too, but importing a value from it would ship zod (90 KB) to
// the browser; the type ties this list to it.
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const satisfies readonly Weekday[];

export type OpeningHours = Partial<Record<Weekday, [string, string][]>>;

export interface OpeningRow {
  day: Weekday;
  /** A date of that weekday ("YYYY-MM-DD"), to name the day in any language. */
  referenceDate: string;
  /** At most two ranges. */
  ranges: [string, string][];
  today: boolean;
}

/** Ranges shown per day (docs/requirements/booking-flow.md §9). */
export const MAX_RANGES_PER_DAY = 2;

// 2024-01-01 was a Monday.
const referenceDate = (index: number) => `2024-01-0${index + 1}`;

/** The seven rows, Monday first. */
export function openingRows(hours: OpeningHours | null | undefined, today: Weekday | null): OpeningRow[] {
  return WEEKDAYS.map((day, index) => ({
    day,
    referenceDate: referenceDate(index),
    ranges: [...(hours?.[day] ?? [])].sort(([a], [b]) => a.localeCompare(b)).slice(0, MAX_RANGES_PER_DAY),
    today: day === today,
  }));
}

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** The weekday and minutes since midnight of an instant on a time zone's wall clock. */
export function wallClockNow(now: Date, timeZone: string): { day: Weekday; minutes: number } {
  let format = weekdayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    weekdayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  const day = String(parts.weekday).slice(0, 3).toLowerCase() as Weekday;
  return { day, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** True when one of the day's ranges contains the minute ([start, end)). */
export function isOpenAt(hours: OpeningHours | null | undefined, day: Weekday, minutes: number): boolean {
  return (hours?.[day] ?? []).some(
    ([from, to]) => parseWallClock(from) <= minutes && minutes < parseWallClock(to),
  );
}

/** True when the group has published any opening range. */
export function hasOpeningHours(hours: OpeningHours | null | undefined): boolean {
  return WEEKDAYS.some((day) => (hours?.[day]?.length ?? 0) > 0);
}
