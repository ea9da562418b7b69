/**
 * The agenda's calendar filter (docs/back-office.md "Agenda"): a checkbox per calendar, resources
 * tagged; unticked ones are hidden from the board and the print sheet, and stay listed here.
 */
import type { AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import styles from './admin.module.css';

export function CalendarFilter({
  calendars,
  hidden,
  onToggle,
}: {
  calendars: readonly AgendaCalendar[];
  hidden: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  const { t } = usePart('admin');
  return (
    <fieldset className={styles.filter} data-testid="agenda-filter">
      <legend className={styles.filterLegend}>{t('admin.calendars.label')}</legend>
      {calendars.map((calendar) => (
        <label key={calendar.id} className={styles.chip}>
          <input type="checkbox" checked={!hidden.has(calendar.id)} onChange={() => onToggle(calendar.id)} />
          <span>{calendar.name}</span>
          {calendar.resource && <span className={styles.resourceTag}>{t('admin.calendars.resource')}</span>}
        </label>
      ))}
    </fieldset>
  );
}
