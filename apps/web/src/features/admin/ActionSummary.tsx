/** The appointment a move or a cancellation is about, in one glance above its form. */
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useAgendaFormat } from './agenda-format.ts';
import styles from './appointment-actions.module.css';

export function ActionSummary({
  appointment,
  calendars,
}: {
  appointment: AgendaAppointment;
  calendars: readonly AgendaCalendar[];
}) {
  const { t } = usePart('admin');
  const format = useAgendaFormat();
  const calendar = calendars.find((c) => c.id === appointment.calendar_id);
  // The dialog's title names the customer: the summary says what and when.
  return (
    <p className={styles.summary} data-testid="action-summary">
      <strong>
        {`${format.longDate(appointment.starts_local.slice(0, 10))}, ${t('admin.appointment.range', {
          start: format.time(appointment.starts_local),
          end: format.time(appointment.ends_local),
        })}`}
      </strong>
      {[appointment.intervention_name, calendar?.name].filter(Boolean).join(' · ')}
    </p>
  );
}
