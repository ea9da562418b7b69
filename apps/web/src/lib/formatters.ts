/**
 * Dates, times, prices and durations for display, in the group's time zone and the chosen language
 * (docs/requirements/booking-flow.md §1, §9). The rules are in @creneau/core/format; this hook only binds them to the page's
 * language, time zone and currency.
 */
import { formatDate, formatDateTime, formatTime, formatWeekday } from '@creneau/core/format/date-time';
import { formatDuration } from '@creneau/core/format/duration';
import { formatPrice } from '@creneau/core/format/price';
import { isLocale, type Locale } from '@creneau/core/locales';
import { useMemo } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { useOptionalGroupContext } from './group-context.ts';

export interface Formatters {
  /** "vendredi 14 mars 2025". */
  date: (iso: string) => string;
  /** "09:30". */
  time: (iso: string) => string;
  /** Date and time. */
  dateTime: (iso: string) => string;
  /** The weekday name of a calendar date "YYYY-MM-DD". */
  weekday: (isoDate: string) => string;
  /** A price in cents. */
  price: (cents: number) => string;
  /** A duration in minutes. */
  duration: (minutes: number) => string;
}

/** Formatters for a language, time zone and currency. */
export function createFormatters(locale: Locale, timeZone: string, currency = 'EUR'): Formatters {
  return {
    date: (iso) => formatDate(new Date(iso), { locale, timeZone, style: 'full' }),
    time: (iso) => formatTime(new Date(iso), { locale, timeZone }),
    dateTime: (iso) => formatDateTime(new Date(iso), { locale, timeZone, style: 'full' }),
    weekday: (isoDate) => formatWeekday(isoDate, { locale }),
    price: (cents) => formatPrice(cents, currency, locale),
    duration: (minutes) => formatDuration(minutes, locale),
  };
}

/** Formatters in the page's language and the group's time zone (or the one given). */
export function useFormatters(timeZone?: string): Formatters {
  const { i18n } = useTranslation();
  const context = useOptionalGroupContext();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const zone = timeZone ?? context?.group.timezone ?? 'Europe/Paris';
  const currency = context?.group.currency ?? 'EUR';
  return useMemo(() => createFormatters(locale, zone, currency), [locale, zone, currency]);
}
