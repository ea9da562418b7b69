/**
 * The date tile of an appointment (docs/requirements/accounts-and-appointments.md §2: day, month, year) on the group's wall clock. The
 * tile is drawn for the eye; screen readers get the full date in words beside it.
 */
import { intlLocale } from '@creneau/core/format/intl-locale';
import { isLocale } from '@creneau/core/locales';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import styles from './appointments.module.css';

interface DateTileProps {
  start: string;
  timeZone: string;
  past?: boolean;
  small?: boolean;
}

/** Day, short month and year of an instant in a time zone, in a language. */
export function dateParts(start: string, timeZone: string, locale: string) {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(new Date(start));
  return {
    day: format({ day: 'numeric' }),
    month: format({ month: 'short' }).replace(/\.$/, ''),
    year: format({ year: 'numeric' }),
    weekday: format({ weekday: 'short' }).replace(/\.$/, ''),
  };
}

export function DateTile({ start, timeZone, past, small }: DateTileProps) {
  const { i18n } = useTranslation();
  const locale = intlLocale(isLocale(i18n.language) ? i18n.language : 'en');
  const parts = useMemo(() => dateParts(start, timeZone, locale), [start, timeZone, locale]);
  return (
    <div
      className={[styles.tile, past && styles.tilePast, small && styles.tileSmall].filter(Boolean).join(' ')}
      aria-hidden="true"
      data-testid="date-tile"
    >
      <span className={styles.tileMonth}>{parts.month}</span>
      <span className={styles.tileDay}>{parts.day}</span>
      <span className={styles.tileYear}>{parts.year}</span>
    </div>
  );
}
