/**
 * Durations (docs/requirements/booking-flow.md §9): stored in minutes; under an hour they read "45 min"; from 60 minutes on
 * they read in hours and minutes, "1 h 30" style. Each part is written by Intl.NumberFormat's unit
 * style (short), so every language gets its own unit names ("1 Std. 30 Min.", "1 hr 30 min",
 * "1 ó 30 p", en-GB "1 hr 30 mins"). French and Breton write the minutes after "h" as a bare two-digit number ("1 h 05"),
 * the usual way in France. Intl.DurationFormat would do this in one call but is missing from
 * Node 20 and older browsers, and server and browser must print the same text.
 */
import type { Locale } from '../locales.ts';
import { intlLocale } from './intl-locale.ts';

/** Languages that write "1 h 30" rather than "1 h 30 min". */
const BARE_MINUTES: readonly Locale[] = ['fr', 'br'];

const formatters = new Map<string, Intl.NumberFormat>();

function unit(locale: Locale, name: 'hour' | 'minute'): Intl.NumberFormat {
  const key = `${locale}|${name}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: name, unitDisplay: 'short' });
    formatters.set(key, format);
  }
  return format;
}

/** "45 min", "2 h", "1 h 30" (fr) / "1 hr 30 min" (en) for a duration in whole minutes. */
export function formatDuration(minutes: number, locale: Locale): string {
  if (!Number.isInteger(minutes) || minutes < 0)
    throw new RangeError(`not a duration in minutes: ${minutes}`);
  if (minutes < 60) return unit(locale, 'minute').format(minutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = unit(locale, 'hour').format(hours);
  if (rest === 0) return hourText;
  if (BARE_MINUTES.includes(locale)) return `${hourText} ${String(rest).padStart(2, '0')}`;
  return `${hourText} ${unit(locale, 'minute').format(rest)}`;
}
