/**
 * Dates, times and amounts for mails, on the group's wall clock and in the mail's language. Single
 * instants and prices come from core's formatters (same conventions as the web app: en-GB, pt-PT,
 * 24-hour clock, Breton falling back to French where the runtime lacks it); only the time range,
 * which the web app does not show, is built here with the same conventions.
 */
import { formatDateTime } from '@creneau/core/format/date-time';
import { intlLocale } from '@creneau/core/format/intl-locale';
import { formatPrice } from '@creneau/core/format/price';
import type { Locale } from '@creneau/core/locales';
import { isValidTimeZone } from '@creneau/core/time/time-zone';
import { formatSameDayRange } from './same-day-range.ts';

const ranges = new Map<string, Intl.DateTimeFormat>();

// A wrong zone would print wrong times in a confirmation; refuse rather than guess.
function checkZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${timeZone}`);
}

/** "Monday 23 November 2026, 10:00–10:45" on the group's wall clock (the date repeats only when the end falls on another day). */
export function formatTimeRange(locale: Locale, timeZone: string, start: Date, end: Date): string {
  checkZone(timeZone);
  if (end.getTime() <= start.getTime()) return formatStart(locale, timeZone, start);
  const key = `${locale}|${timeZone}`;
  let format = ranges.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'full',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone,
    });
    ranges.set(key, format);
  }
  return formatSameDayRange(format, start, end) ?? format.formatRange(start, end);
}

/** The full date and start time of an appointment. */
export function formatStart(locale: Locale, timeZone: string, start: Date): string {
  checkZone(timeZone);
  return formatDateTime(start, { locale, timeZone, style: 'full' });
}

/** A short date and time for subject lines. */
export function formatShortDateTime(locale: Locale, timeZone: string, instant: Date): string {
  checkZone(timeZone);
  return formatDateTime(instant, { locale, timeZone, style: 'medium' });
}

/** An amount in cents as the language writes money ("45,00 €", "€45.00"). */
export function formatMoney(locale: Locale, currency: string, cents: number): string {
  return formatPrice(cents, currency, locale);
}
