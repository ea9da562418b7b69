/**
 * What a new absence did (docs/back-office.md "Absences and closures"): how many days it blocks, and
 * the appointments inside it, to be moved or cancelled from the agenda. It takes the focus once shown.
 */
import type { RefObject } from 'react';
import type { CreatedAbsence } from '../../../api/admin-absences.ts';
import type { AgendaCalendar } from '../../../api/admin-agenda.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { AffectedList } from './AffectedList.tsx';
import styles from './absences.module.css';

interface AbsenceResultProps {
  formId: string;
  result: CreatedAbsence;
  calendars: readonly AgendaCalendar[];
  titleRef: RefObject<HTMLHeadingElement | null>;
}

export function AbsenceResult({ formId: id, result, calendars, titleRef: resultTitle }: AbsenceResultProps) {
  const { t } = usePart('admin');
  const calendarNames = new Map(calendars.map((calendar) => [calendar.id, calendar.name]));
  const days = new Set(result.blocks.map((block) => block.starts_local.slice(0, 10))).size;
  return (
    <section className={styles.result} aria-labelledby={`${id}-result`} data-testid="absence-result">
      <h3 id={`${id}-result`} ref={resultTitle} tabIndex={-1} className={styles.resultTitle}>
        <Icon name="check" className={styles.success} />
        {t('admin.absences.result.title')}
      </h3>
      <p className={styles.muted}>{t('admin.absences.result.days', { n: days })}</p>
      <AffectedList appointments={result.affected} calendarNames={calendarNames} />
    </section>
  );
}
