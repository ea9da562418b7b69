/** The appointment a move or a cancellation is about, in one glance above its form. */
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { customerName } from './AgendaItems.tsx';
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
  return (
    <p className={styles.summary} data-testid="action-summary">
      <strong>{customerName(appointment)}</strong>
      {[
        appointment.intervention_name,
        `${format.mediumDate(appointment.starts_local.slice(0, 10))}, ${t('admin.appointment.range', {
          start: format.time(appointment.starts_local),
          end: format.time(appointment.ends_local),
        })}`,
        calendar?.name,
      ]
        .filter(Boolean)
        .join(' · ')}
    </p>
  );
}
