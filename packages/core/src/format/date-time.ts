/**
 * Dates and times as the visitor reads them: in the group's time zone (an appointment happens on the
 * group's wall clock, wherever the visitor is) and the visitor's language, through
 * Intl.DateTimeFormat. Times use the 24-hour clock in every language (all of them are European).
 * Calendar dates ("YYYY-MM-DD") and wall-clock date-times of the group are formatted without any
 * time-zone conversion: they are already local.
 */
import type { Locale } from '../locales.ts';
import { parseIsoDate } from '../validation/calendar-date.ts';
import { intlLocale } from './intl-locale.ts';

export type DateStyle = 'full' | 'long' | 'medium' | 'short';
export type Instant = Date | number;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  locale: Locale,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
// dateStyle cannot be combined with hour/minute; timeStyle joins date and time the language's way
// ("15 juillet 2024 à 09:05", "15. Juli 2024 um 09:05").
const dateAndTime = (style: DateStyle = 'long'): Intl.DateTimeFormatOptions => ({
  dateStyle: style,
  timeStyle: 'short',
  hourCycle: 'h23',
});
const DAY_HEADER: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const DAY_NAME: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };

/** The date of an instant on the group's wall clock: "lundi 15 juillet 2024" (fr, full). */
export function formatDate(
  instant: Instant,
  options: { locale: Locale; timeZone: string; style?: DateStyle },
): string {
  return formatter(options.locale, options.timeZone, { dateStyle: options.style ?? 'long' }).format(instant);
}

/** The time of an instant on the group's wall clock, 24-hour: "09:05". */
export function formatTime(instant: Instant, options: { locale: Locale; timeZone: string }): string {
  return formatter(options.locale, options.timeZone, TIME).format(instant);
}

/** Date and time of an instant on the group's wall clock: "15 juillet 2024 à 09:05" (fr). */
export function formatDateTime(
  instant: Instant,
  options: { locale: Locale; timeZone: string; style?: DateStyle },
): string {
  return formatter(options.locale, options.timeZone, dateAndTime(options.style)).format(instant);
}

/** Noon UTC of a calendar date: formatted in UTC it shows that date whatever the runtime's zone. */
function utcNoon(isoDate: string): Date {
  const parts = parseIsoDate(isoDate);
  if (!parts) throw new RangeError(`not a date YYYY-MM-DD: ${isoDate}`);
  const date = new Date(Date.UTC(2000, 0, 1, 12));
  date.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  return date;
}

/** A calendar date "YYYY-MM-DD" in the visitor's language, no time-zone shift. */
export function formatCalendarDate(isoDate: string, options: { locale: Locale; style?: DateStyle }): string {
  return formatter(options.locale, 'UTC', { dateStyle: options.style ?? 'long' }).format(utcNoon(isoDate));
}

const MONTH: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };

/** The month of a calendar date with its year: "janvier 2027" (fr), "January 2027" (en). */
export function formatCalendarMonth(isoDate: string, options: { locale: Locale }): string {
  return formatter(options.locale, 'UTC', MONTH).format(utcNoon(isoDate));
}

/** A slot-grid day header for a calendar date: "lun. 15 juil." (fr), "Mon 15 Jul" (en). */
export function formatDayHeader(isoDate: string, options: { locale: Locale }): string {
  return formatter(options.locale, 'UTC', DAY_HEADER).format(utcNoon(isoDate));
}

/**
 * A calendar date as a screen reader names a day of the slot view: "mercredi 25 novembre" (fr),
 * "Wednesday 25 November" (en) — weekday, day and month once each, no year.
 */
export function formatDayName(isoDate: string, options: { locale: Locale }): string {
  return formatter(options.locale, 'UTC', DAY_NAME).format(utcNoon(isoDate));
}

/** The weekday name of a calendar date, long ("lundi") or short ("lun."). */
export function formatWeekday(
  isoDate: string,
  options: { locale: Locale; width?: 'long' | 'short' },
): string {
  return formatter(options.locale, 'UTC', { weekday: options.width ?? 'long' }).format(utcNoon(isoDate));
}

const WALL = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/**
 * A wall-clock date-time of the group ("YYYY-MM-DDTHH:MM", "YYYY-MM-DD HH:MM:SS") in the visitor's
 * language, no time-zone shift.
 */
export function formatWallDateTime(value: string, options: { locale: Locale; style?: DateStyle }): string {
  const match = WALL.exec(value);
  if (!match) throw new RangeError(`not a local date-time: ${value}`);
  const date = utcNoon(match[1]!);
  date.setUTCHours(Number(match[2]), Number(match[3]));
  return formatter(options.locale, 'UTC', dateAndTime(options.style)).format(date);
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockOf(instant: Instant, timeZone: string): string {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...TIME,
    });
    wallClocks.set(timeZone, format);
  }
  return format.format(instant);
}

/**
 * True when two time zones show different wall-clock times at an instant: the confirmation step
 * then adds a local-time note (docs/requirements/accounts-and-appointments.md §2). Compared at the instant itself, so zones that agree
 * only part of the year (different DST rules) are judged on the appointment's date.
 */
export function wallClocksDiffer(instant: Instant, zoneA: string, zoneB: string): boolean {
  return zoneA !== zoneB && wallClockOf(instant, zoneA) !== wallClockOf(instant, zoneB);
}
