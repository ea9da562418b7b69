/**
 * The top of the confirmation: the success mark, the title, who it is for, and when — in the
 * group's zone, with the visitor's own time when their zone differs
 * (docs/requirements/accounts-and-appointments.md §2 "Confirmation step").
 */
import { formatTime, wallClocksDiffer } from '@creneau/core/format/date-time';
import type { Locale } from '@creneau/core/locales';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useFormatters } from '../../../lib/formatters.ts';
import { Icon } from '../../../ui/Icon.tsx';
import styles from '../steps/ConfirmPage.module.css';

interface ConfirmHeroProps {
  title: string;
  person: string;
  start: string;
  /** The zone the appointment's time is given in. */
  groupZone: string;
  locale: Locale;
}

export function ConfirmHero({ title, person, start, groupZone, locale }: ConfirmHeroProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  // The visitor's own zone, named only when its wall clock differs from the group's.
  const ownZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const localZone = wallClocksDiffer(new Date(start), groupZone, ownZone) ? ownZone : null;
  return (
    <div className={styles.hero}>
      <span className={styles.success} aria-hidden="true">
        <Icon name="check" size={34} />
      </span>
      <h1 id="confirm-title" className={styles.title}>
        {title}
      </h1>
      {person && <p className={styles.for}>{t('booking.confirm.for', { name: person })}</p>}
      <p className={styles.when} data-testid="confirm-when">
        <Icon name="calendar" size={20} />
        <span>{format.dateTime(start)}</span>
      </p>
      {localZone && (
        <p className={styles.local} data-testid="local-time">
          {t('booking.confirm.localTime', {
            time: formatTime(new Date(start), { locale, timeZone: localZone }),
            zone: localZone.replace(/_/g, ' '),
          })}
        </p>
      )}
    </div>
  );
}
