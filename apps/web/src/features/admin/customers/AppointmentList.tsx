/**
 * A customer's appointments as the staff see them: day and times on the group's clock (the server's
 * wall-clock `starts_local`, docs/back-office.md "Agenda"), service, calendar, status, attendance,
 * the customer's comments and the staff's private note.
 */
import type { CustomerAppointment } from '../../../api/admin-customers.ts';
import { useCalendars } from '../../../api/calendars.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useFormatters } from '../../../lib/formatters.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import shared from '../admin.module.css';
import { useAgendaFormat } from '../agenda-format.ts';
import styles from './customers.module.css';

interface AppointmentListProps {
  title: string;
  empty: string;
  appointments: readonly CustomerAppointment[];
  testId: string;
}

export function AppointmentList({ title, empty, appointments, testId }: AppointmentListProps) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const format = useAgendaFormat();
  const { price } = useFormatters();
  const calendars = useCalendars(group.id);
  const calendarName = (id: number) => calendars.data?.find((c) => c.id === id)?.name;
  const headingId = `${testId}-title`;

  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title} <span className={styles.count}>{appointments.length}</span>
      </h2>
      {appointments.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.appointments}>
          {appointments.map((appointment) => {
            const cancelled = appointment.status === 'cancelled';
            const calendar = calendarName(appointment.calendar_id);
            return (
              <li
                key={appointment.id}
                className={
                  cancelled ? `${styles.appointment} ${styles.appointmentCancelled}` : styles.appointment
                }
                data-testid="customer-appointment"
                data-appointment-id={appointment.id}
              >
                <div className={styles.when}>
                  <span className={styles.whenDay}>
                    {format.longDate(appointment.starts_local.slice(0, 10))}
                  </span>
                  <span className={styles.whenTime}>
                    {t('admin.appointment.range', {
                      start: format.time(appointment.starts_local),
                      end: format.time(appointment.ends_local),
                    })}
                  </span>
                </div>
                <div className={styles.what}>
                  <span className={styles.service}>{appointment.intervention_name}</span>
                  <span className={styles.meta}>
                    {[calendar, appointment.price_amount !== null ? price(appointment.price_amount) : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  {appointment.comments && (
                    <p className={styles.text}>
                      <span className={styles.textLabel}>{t('admin.detail.comments')}</span>{' '}
                      {appointment.comments}
                    </p>
                  )}
                  {appointment.staff_note && (
                    <p className={styles.text} data-testid="customer-appointment-note">
                      <span className={styles.textLabel}>{t('admin.note.label')}</span>{' '}
                      {appointment.staff_note}
                    </p>
                  )}
                </div>
                <div className={styles.badges}>
                  <span
                    className={cancelled ? shared.badgeCancelled : shared.badgeConfirmed}
                    data-testid="customer-appointment-status"
                  >
                    {t(`admin.status.${appointment.status}`)}
                  </span>
                  {appointment.attendance && (
                    <span
                      className={
                        appointment.attendance === 'arrived' ? shared.badgeArrived : shared.badgeNoShow
                      }
                      data-testid="customer-appointment-attendance"
                    >
                      {t(`admin.attendance.${appointment.attendance}`)}
                    </span>
                  )}
                  {appointment.booked_by_staff && (
                    <span className={shared.badgeMuted}>{t('admin.detail.bookedByStaff')}</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
