/** Dates, times and amounts for mails: in the group's time zone and the mail's language. */
import type { Locale } from '@creneau/core/locales';
import { isValidTimeZone } from '@creneau/core/time/time-zone';

// Breton is in current ICU builds, but a Node built with small-icu knows only English; Breton
// readers also read French (Brittany is in France), so French dates beat English ones.
const ICU_FALLBACKS: Partial<Record<Locale, string>> = { br: 'fr' };

const resolved = new Map<Locale, string>();

/** The BCP 47 tag Intl should use for a mail language, falling back when this runtime lacks it. */
export function intlLocale(locale: Locale): string {
  let tag = resolved.get(locale);
  if (!tag) {
    const candidates = [locale, ICU_FALLBACKS[locale], 'en'].filter((c): c is string => Boolean(c));
    tag = candidates.find((c) => Intl.DateTimeFormat.supportedLocalesOf(c).length > 0) ?? 'en';
    resolved.set(locale, tag);
  }
  return tag;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: Locale, timeZone: string, dateStyle: 'full' | 'medium'): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${dateStyle}`;
  let format = formatters.get(key);
  if (!format) {
    // A wrong zone would print wrong times in a confirmation; refuse rather than guess.
    if (!isValidTimeZone(timeZone)) throw new Error(`unknown time zone: ${timeZone}`);
    format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle, timeStyle: 'short', timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** "Monday 23 November 2026, 10:00–10:45" on the group's wall clock (the date repeats only when the end falls on another day). */
export function formatTimeRange(locale: Locale, timeZone: string, start: Date, end: Date): string {
  const format = dateTimeFormat(locale, timeZone, 'full');
  return end.getTime() > start.getTime() ? format.formatRange(start, end) : format.format(start);
}

/** The full date and start time of an appointment. */
export function formatStart(locale: Locale, timeZone: string, start: Date): string {
  return dateTimeFormat(locale, timeZone, 'full').format(start);
}

/** A short date and time for subject lines. */
export function formatShortDateTime(locale: Locale, timeZone: string, instant: Date): string {
  return dateTimeFormat(locale, timeZone, 'medium').format(instant);
}

/** An amount in cents as the language writes money ("45,00 €", "€45.00"). */
export function formatMoney(locale: Locale, currency: string, cents: number): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(cents / 100);
}
