/**
 * How an absence reads: its days and times in the page's language, on the group's wall clock
 * (the server's local times are formatted as UTC, see agenda-format.ts, so no zone is converted).
 */
import { intlLocale } from '@creneau/core/format/intl-locale';
import { isLocale } from '@creneau/core/locales';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { type AbsenceEntry, lastDayOf } from './absence-entries.ts';

const asUtc = (date: string) => new Date(date.length === 10 ? `${date}T00:00:00Z` : `${date}:00Z`);

export interface AbsenceFormat {
  /** "December 2026" from "2026-12". */
  month: (month: string) => string;
  /** "Tuesday 1 December 2026, 12:00 – 14:00", "24 – 26 December 2026", … */
  when: (entry: Pick<AbsenceEntry, 'starts_local' | 'ends_local' | 'wholeDays'>) => string;
  /** "Friday 25 December 2026" from "YYYY-MM-DD". */
  day: (date: string) => string;
  /** "Mon", "Tue"… for ISO weekdays 1…7. */
  weekday: (isoWeekday: number) => string;
  /** "Tuesday" for ISO weekdays 1…7. */
  weekdayLong: (isoWeekday: number) => string;
  /** The country's name from its ISO code. */
  country: (code: string) => string;
}

export function createAbsenceFormat(language: string): AbsenceFormat {
  const locale = isLocale(language) ? intlLocale(language) : 'en-GB';
  const utc = { timeZone: 'UTC' } as const;
  const month = new Intl.DateTimeFormat(locale, { ...utc, month: 'long', year: 'numeric' });
  const day = new Intl.DateTimeFormat(locale, {
    ...utc,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const days = new Intl.DateTimeFormat(locale, {
    ...utc,
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat(locale, {
    ...utc,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const dayTime = new Intl.DateTimeFormat(locale, {
    ...utc,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const dayOnly = new Intl.DateTimeFormat(locale, {
    ...utc,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const short = new Intl.DateTimeFormat(locale, { ...utc, weekday: 'short' });
  const long = new Intl.DateTimeFormat(locale, { ...utc, weekday: 'long' });
  // 2024-01-01 was a Monday.
  const weekdayDate = (weekday: number) => new Date(Date.UTC(2024, 0, weekday));
  let regions: Intl.DisplayNames | undefined;
  try {
    regions = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    regions = undefined;
  }
  return {
    month: (value) => month.format(asUtc(`${value}-01`)),
    when: (entry) => {
      const start = entry.starts_local.slice(0, 10);
      if (entry.wholeDays) {
        const last = lastDayOf({ ends_local: entry.ends_local } as AbsenceEntry);
        return last === start ? day.format(asUtc(start)) : days.formatRange(asUtc(start), asUtc(last));
      }
      if (entry.ends_local.endsWith('T00:00')) {
        // Until midnight: through the day before, which reads better than "Sunday 00:00".
        const last = lastDayOf({ ends_local: entry.ends_local } as AbsenceEntry);
        if (last === start)
          return `${day.format(asUtc(start))}, ${time.format(asUtc(entry.starts_local))} – 24:00`;
        return `${dayTime.format(asUtc(entry.starts_local))} – ${dayOnly.format(asUtc(last))}`;
      }
      if (entry.ends_local.slice(0, 10) === start)
        return `${day.format(asUtc(start))}, ${time.formatRange(asUtc(entry.starts_local), asUtc(entry.ends_local))}`;
      return dayTime.formatRange(asUtc(entry.starts_local), asUtc(entry.ends_local));
    },
    day: (date) => day.format(asUtc(date)),
    weekday: (weekday) => short.format(weekdayDate(weekday)),
    weekdayLong: (weekday) => long.format(weekdayDate(weekday)),
    country: (code) => regions?.of(code) ?? code,
  };
}

export function useAbsenceFormat(): AbsenceFormat {
  const { i18n } = useTranslation();
  const language = i18n.language || 'en';
  return useMemo(() => createAbsenceFormat(language), [language]);
}
