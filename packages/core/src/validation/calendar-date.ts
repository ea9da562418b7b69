/**
 * Calendar dates as "YYYY-MM-DD" strings, the form in which Créneau stores and exchanges them
 * (docs/requirements/booking-flow.md §9 "default date format YYYY-MM-DD"; docs/requirements/accounts-and-appointments.md §5 "stored as YYYY-MM-DD"). String order equals
 * date order, so comparing two of them with < is comparing the dates.
 * Day arithmetic comes from time/civil-day.ts.
 */
import {
  civilFromDay,
  dayFromCivil,
  dayOfIsoDate,
  isoDateOfDay,
  isoWeekdayOfDay,
} from '../time/civil-day.ts';

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** Years outside 1000–9999 are refused: they cannot be written as YYYY and are always typos here. */
export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;

/** True when the year, month (1–12) and day form a date of the Gregorian calendar, years 1000–9999. */
export function isRealDate({ year, month, day }: DateParts): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > 31) return false;
  const [y, m, d] = civilFromDay(dayFromCivil(year, month, day));
  return y === year && m === month && d === day;
}

/** The date `days` days after (or before, when negative) a "YYYY-MM-DD" date. */
export function addDays(isoDate: string, days: number): string {
  return isoDateOfDay(dayOf(isoDate) + days);
}

/** The day number of a "YYYY-MM-DD" date; a RangeError names anything else. */
function dayOf(isoDate: string): number {
  const day = dayOfIsoDate(isoDate);
  if (day === undefined) throw new RangeError(`not a date YYYY-MM-DD: ${isoDate}`);
  return day;
}

/** How many days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return dayOf(to) - dayOf(from);
}

/** The ISO weekday of a "YYYY-MM-DD" date: 1 = Monday … 7 = Sunday. */
export function isoWeekdayOf(isoDate: string): number {
  return isoWeekdayOfDay(dayOf(isoDate));
}

/** The Monday of the week holding a date (weeks start on Monday in every language offered). */
export function startOfIsoWeek(isoDate: string): string {
  return addDays(isoDate, 1 - isoWeekdayOf(isoDate));
}

/** "YYYY-MM-DD" for date parts (assumed real). */
export function toIsoDate({ year, month, day }: DateParts): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The parts of a strict "YYYY-MM-DD" that names a real date, else null. */
export function parseIsoDate(value: string): DateParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(parts) ? parts : null;
}
