/**
 * The occurrences of a repeated absence (docs/back-office.md "Absences and closures"), on the
 * group's wall clock: every N days, every N weeks on chosen weekdays, or every N months on the
 * same day of the month or the same weekday of the month ("the second Tuesday", "the last
 * Friday"). Each occurrence keeps the first one's times and length; nothing here knows a zone, so
 * a DST change does not move an absence off its hours. Pure date arithmetic on day numbers.
 */
import {
  civilFromDay,
  dayFromCivil,
  dayOfIsoDate,
  isoDateOfDay,
  isoWeekdayOfDay,
  MINUTES_PER_DAY,
} from './civil-day.ts';

export interface Repetition {
  every: 'day' | 'week' | 'month';
  /** Every `interval` days, weeks or months (1 = each one). */
  interval: number;
  /** The last date an occurrence may start on (YYYY-MM-DD, included). */
  until: string;
  /** Weekly: ISO weekdays, 1 Monday … 7 Sunday; by default the weekday of the first occurrence. */
  weekdays?: readonly number[] | undefined;
  /** Monthly: the same day of the month (months without it are skipped) or the same weekday of it. */
  monthBy?: 'day' | 'weekday' | undefined;
}

export interface Occurrence {
  /** Local date-times YYYY-MM-DDTHH:MM; `to` excluded. */
  from: string;
  to: string;
}

function daysInMonth(year: number, month: number): number {
  return (
    dayFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) -
    dayFromCivil(year, month, 1)
  );
}

/** The start days, in order, from the first one to `until`, at most `limit` of them. */
export function repetitionDays(first: number, repetition: Repetition, limit: number): number[] {
  const last = dayOfIsoDate(repetition.until);
  if (last === undefined || last < first) return [first];
  const interval = Math.max(1, Math.floor(repetition.interval));
  const days: number[] = [];
  const push = (day: number) => {
    if (day >= first && day <= last && days.length < limit) days.push(day);
  };
  if (repetition.every === 'day') {
    for (let day = first; day <= last && days.length < limit; day += interval) push(day);
  } else if (repetition.every === 'week') {
    const weekdays = [
      ...new Set(repetition.weekdays?.length ? repetition.weekdays : [isoWeekdayOfDay(first)]),
    ].sort((a, b) => a - b);
    const monday = first - (isoWeekdayOfDay(first) - 1);
    for (let week = monday; week <= last && days.length < limit; week += 7 * interval)
      for (const weekday of weekdays) push(week + weekday - 1);
  } else {
    const [year, month, dayOfMonth] = civilFromDay(first);
    const weekday = isoWeekdayOfDay(first);
    // "The fifth Tuesday" exists in few months: a start past the fourth means "the last one".
    const nth = Math.ceil(dayOfMonth / 7);
    for (let step = 0; days.length < limit; step += interval) {
      const index = month - 1 + step;
      const y = year + Math.floor(index / 12);
      const m = (index % 12) + 1;
      if (dayFromCivil(y, m, 1) > last) break;
      if (repetition.monthBy === 'weekday') {
        const firstOfMonth = dayFromCivil(y, m, 1);
        const firstSame = firstOfMonth + ((weekday - isoWeekdayOfDay(firstOfMonth) + 7) % 7);
        const lastSame = firstSame + 7 * Math.floor((daysInMonth(y, m) - 1 - (firstSame - firstOfMonth)) / 7);
        push(nth >= 5 ? lastSame : firstSame + 7 * (nth - 1));
      } else if (dayOfMonth <= daysInMonth(y, m)) {
        push(dayFromCivil(y, m, dayOfMonth));
      }
    }
  }
  return days;
}

/** Local minutes of "YYYY-MM-DDTHH:MM" (24:00 allowed: an absence may end at midnight). */
function localMinutes(text: string): number | undefined {
  const day = dayOfIsoDate(text.slice(0, 10));
  const match = /^T(\d{2}):(\d{2})$/.exec(text.slice(10));
  if (day === undefined || !match) return undefined;
  return day * MINUTES_PER_DAY + Number(match[1]) * 60 + Number(match[2]);
}

function localText(minutes: number): string {
  const day = Math.floor(minutes / MINUTES_PER_DAY);
  const inDay = minutes - day * MINUTES_PER_DAY;
  const hh = String(Math.floor(inDay / 60)).padStart(2, '0');
  const mm = String(inDay % 60).padStart(2, '0');
  return `${isoDateOfDay(day)}T${hh}:${mm}`;
}

/**
 * The occurrences of an absence from `from` to `to`, repeated or not, at most `limit` (the caller
 * refuses a rule that would make more: see `countOccurrences`).
 */
export function occurrencesOf(
  from: string,
  to: string,
  repetition: Repetition | undefined,
  limit: number,
): Occurrence[] {
  const start = localMinutes(from);
  const end = localMinutes(to);
  if (start === undefined || end === undefined) return [];
  if (!repetition) return [{ from, to }];
  const firstDay = Math.floor(start / MINUTES_PER_DAY);
  return repetitionDays(firstDay, repetition, limit).map((day) => {
    const shift = (day - firstDay) * MINUTES_PER_DAY;
    return { from: localText(start + shift), to: localText(end + shift) };
  });
}

/** How many occurrences a rule makes, counting one past `limit` at most (to refuse it cheaply). */
export function countOccurrences(from: string, repetition: Repetition, limit: number): number {
  const day = dayOfIsoDate(from.slice(0, 10));
  return day === undefined ? 0 : repetitionDays(day, repetition, limit + 1).length;
}
