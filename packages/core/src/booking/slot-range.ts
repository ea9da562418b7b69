/**
 * The slot step's date range and navigation (docs/requirements/booking-flow.md §2 screen 6, §5, §9):
 * - the maximum booking period is the largest maxrdv_period (minutes) across the selected calendars,
 *   falling back to the group's;
 * - the date picker runs from the first available slot to now + that period;
 * - "previous" is disabled on the first slot day; "next" is disabled beyond the maximum or when the
 *   chosen resources are invalid; both step by the number of visible days;
 * - visible days follow the window width: 7, then 6 at 1024 px or less, 5 at 880, 4 at 736, 3 at 580,
 *   2 at 420. Seven days of slots are fetched whatever is shown.
 * - at phone width (480 px or less) the grid gives way to a strip of the days that have room and the
 *   list of one day's times (docs/decisions/011-slots-phone-day-strip.md); the strip covers the
 *   seven fetched days, so previous and next move by seven.
 */
import { localDateIn } from '../time/time-zone.ts';
import { addDays } from '../validation/calendar-date.ts';

export const SLOT_DAYS_FETCHED = 7;

/** [maximum width in px, visible days], narrowest last. */
const DAY_COLUMNS: readonly [number, number][] = [
  [1024, 6],
  [880, 5],
  [736, 4],
  [580, 3],
  [420, 2],
];

/** The widest window (px) that shows the phone strip instead of the grid. */
export const PHONE_STRIP_MAX_WIDTH = 480;

/** Whether the slot step shows the phone strip at a window width. */
export const showsDayStrip = (width: number) => width <= PHONE_STRIP_MAX_WIDTH;

/** How many days the slot view covers at a window width: the grid's columns, or the strip's week. */
export function slotViewDays(width: number): number {
  return showsDayStrip(width) ? SLOT_DAYS_FETCHED : visibleDayCount(width);
}

/** How many days the slot grid shows at a window width. */
export function visibleDayCount(width: number): number {
  let days = SLOT_DAYS_FETCHED;
  for (const [maxWidth, count] of DAY_COLUMNS) if (width <= maxWidth) days = count;
  return days;
}

/** The booking horizon in minutes: the largest maxrdv_period of the selected calendars, else the group's. */
export function maxBookingPeriod(
  calendars: readonly { maxrdv_period?: number | null }[],
  groupPeriod: number,
): number {
  const periods = calendars.map((c) => c.maxrdv_period).filter((p): p is number => p != null);
  return periods.length > 0 ? Math.max(...periods) : groupPeriod;
}

export interface DateRange {
  /** The first available slot's day, or today when there is none. */
  min: string;
  /** The day of now + the booking period, in the group's time zone. */
  max: string;
}

/** The date picker's bounds ("YYYY-MM-DD" in the group's time zone). */
export function datePickerBounds(options: {
  /** The firstSlot of the slots answer: a date or date-time starting with YYYY-MM-DD, or null. */
  firstSlot: string | null;
  now: Date;
  timeZone: string;
  periodMinutes: number;
}): DateRange {
  const max = localDateIn(new Date(options.now.getTime() + options.periodMinutes * 60_000), options.timeZone);
  const min = options.firstSlot ? options.firstSlot.slice(0, 10) : localDateIn(options.now, options.timeZone);
  return { min, max };
}

/** Whether the previous and next buttons are enabled, and the start each leads to. */
export function slotNavigation(options: {
  start: string;
  visibleDays: number;
  range: DateRange;
  invalidResources: boolean;
}): { previous: string | null; next: string | null } {
  const { start, visibleDays, range } = options;
  const previous = start <= range.min ? null : maxDate(addDays(start, -visibleDays), range.min);
  const nextStart = addDays(start, visibleDays);
  const next = options.invalidResources || nextStart > range.max ? null : nextStart;
  return { previous, next };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
