/**
 * The future appointments a save left — or, not yet saved, would leave — outside what is bookable
 * (docs/back-office.md "Stranded appointments"), each with a link to its day in the agenda where
 * the staff move or cancel it: the absences screen's list, with the settings' words.
 */
import { type Ref, useId } from 'react';
import type { SavedConfiguration } from '../../../api/admin-settings.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { AffectedList } from '../absences/AffectedList.tsx';
import styles from './places.module.css';

export function StrandedList({
  appointments,
  pending = false,
  titleRef,
}: {
  appointments: SavedConfiguration['stranded'];
  /** Nothing is saved yet: the owner is asked first. */
  pending?: boolean;
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = usePart('admin');
  const words = pending ? 'admin.settings.stranded.pending' : 'admin.settings.stranded';
  const titleId = useId();
  if (appointments.length === 0) return null;
  const calendarNames = new Map(appointments.map((item) => [item.calendar_id, item.calendar_name]));
  return (
    <section className={styles.stranded} aria-labelledby={titleId} data-testid="settings-stranded">
      <h2 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={styles.strandedTitle}>
        <Icon name="alert" size={20} />
        {t(`${words}.title`, { count: appointments.length })}
      </h2>
      <AffectedList appointments={appointments} calendarNames={calendarNames} intro={t(`${words}.intro`)} />
    </section>
  );
}
