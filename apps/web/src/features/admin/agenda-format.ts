/**
 * Wall-clock times and calendar dates in the page's language. The server already gives the group's
 * local times (docs/back-office.md "Agenda"), so they are formatted in UTC, where a wall-clock time
 * read as UTC shows as itself: no zone is converted on the way.
 */
import { intlLocale } from '@creneau/core/format/intl-locale';
import { isLocale } from '@creneau/core/locales';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';

export interface AgendaFormat {
  /** "09:30" from "YYYY-MM-DDTHH:MM". */
  time: (local: string) => string;
  /** "Wednesday 25 November 2026" from "YYYY-MM-DD". */
  longDate: (date: string) => string;
  /** "Wed 25" for column headers. */
  shortDate: (date: string) => string;
  /** "Wed 25 Nov". */
  mediumDate: (date: string) => string;
  /** "23 – 29 November 2026". */
  range: (first: string, last: string) => string;
  /** "09:00" for the axis. */
  hour: (hour: number) => string;
  /** The name of a time zone in the language ("Central European Time"), else its id. */
  zoneName: (timeZone: string) => string;
}

const asUtc = (date: string) => new Date(date.length === 10 ? `${date}T00:00:00Z` : `${date}:00Z`);

export function createAgendaFormat(language: string): AgendaFormat {
  // The tags and the 24-hour clock of the app's other formatters (@creneau/core/format).
  const locale = isLocale(language) ? intlLocale(language) : 'en-GB';
  const utc = { timeZone: 'UTC' } as const;
  const time = new Intl.DateTimeFormat(locale, {
    ...utc,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const long = new Intl.DateTimeFormat(locale, {
    ...utc,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const short = new Intl.DateTimeFormat(locale, { ...utc, weekday: 'short', day: 'numeric' });
  const medium = new Intl.DateTimeFormat(locale, {
    ...utc,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const range = new Intl.DateTimeFormat(locale, { ...utc, day: 'numeric', month: 'long', year: 'numeric' });
  return {
    time: (local) => time.format(asUtc(local)),
    longDate: (date) => long.format(asUtc(date)),
    shortDate: (date) => short.format(asUtc(date)),
    mediumDate: (date) => medium.format(asUtc(date)),
    range: (first, last) => range.formatRange(asUtc(first), asUtc(last)),
    hour: (hour) => time.format(new Date(Date.UTC(2000, 0, 1, hour))),
    zoneName: (timeZone) => {
      try {
        const parts = new Intl.DateTimeFormat(locale, {
          timeZone,
          timeZoneName: 'longGeneric',
        }).formatToParts(new Date());
        const name = parts.find((part) => part.type === 'timeZoneName')?.value;
        return name ? `${name} (${timeZone})` : timeZone;
      } catch {
        return timeZone;
      }
    },
  };
}

/** The formats in the page's language. */
export function useAgendaFormat(): AgendaFormat {
  const { i18n } = useTranslation();
  const locale = i18n.language || 'en';
  return useMemo(() => createAgendaFormat(locale), [locale]);
}
