/**
 * The future appointments a save left outside what is bookable (docs/back-office.md "Stranded
 * appointments"), each with a link to its day in the agenda where the staff move or cancel it —
 * the absences screen's list, with the settings' words.
 */
import { useId } from 'react';
import type { SavedConfiguration } from '../../../api/admin-settings.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { AffectedList } from '../absences/AffectedList.tsx';
import styles from './places.module.css';

export function StrandedList({ appointments }: { appointments: SavedConfiguration['stranded'] }) {
  const { t } = usePart('admin');
  const titleId = useId();
  if (appointments.length === 0) return null;
  const calendarNames = new Map(appointments.map((item) => [item.calendar_id, item.calendar_name]));
  return (
    <section className={styles.stranded} aria-labelledby={titleId} data-testid="settings-stranded">
      <h2 id={titleId} className={styles.strandedTitle}>
        <Icon name="alert" size={20} />
        {t('admin.settings.stranded.title', { count: appointments.length })}
      </h2>
      <AffectedList
        appointments={appointments}
        calendarNames={calendarNames}
        intro={t('admin.settings.stranded.intro')}
      />
    </section>
  );
}
