/**
 * What the appointment dialog says about an appointment (docs/back-office.md "Agenda"): its status
 * and marks as badges, then when, what, where, the customer's phone and e-mail as links, the price,
 * the comments and the booking form's answers.
 */
import type { ReactNode } from 'react';
import type { AppointmentDetail } from '../../api/admin-actions.ts';
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { Icon } from '../../ui/Icon.tsx';
import styles from './admin.module.css';
import { useAgendaFormat } from './agenda-format.ts';
import { isLinked } from './agenda-labels.ts';
import { placeText, timesText } from './appointment-detail.ts';
import { telHref } from './customers/customer-format.ts';

interface AppointmentDetailsProps {
  appointment: AgendaAppointment;
  calendars: readonly AgendaCalendar[];
  /** The booking form's answers, labelled by the group's form (loaded with the history). */
  formAnswers: AppointmentDetail['form_answers'];
}

export function AppointmentDetails({ appointment, calendars, formAnswers }: AppointmentDetailsProps) {
  const { t } = usePart('admin');
  const format = useAgendaFormat();
  const { price } = useFormatters();
  const cancelled = appointment.status === 'cancelled';
  const { customer } = appointment;
  return (
    <>
      <div className={styles.detailStatus}>
        <span
          className={cancelled ? styles.badgeCancelled : styles.badgeConfirmed}
          data-testid="detail-status"
        >
          {t(`admin.status.${appointment.status}`)}
        </span>
        {appointment.attendance && (
          <span
            className={appointment.attendance === 'arrived' ? styles.badgeArrived : styles.badgeNoShow}
            data-testid="detail-attendance"
          >
            <Icon name={appointment.attendance === 'arrived' ? 'check' : 'close'} size={14} />
            {t(`admin.attendance.${appointment.attendance}`)}
          </span>
        )}
        {appointment.booked_by_staff && (
          <span className={styles.badgeMuted}>{t('admin.detail.bookedByStaff')}</span>
        )}
        {isLinked(appointment) && <span className={styles.badgeMuted}>{t('admin.detail.together')}</span>}
      </div>
      <dl className={styles.details}>
        <Row label={t('admin.detail.when')}>
          {format.longDate(appointment.starts_local.slice(0, 10))}
          <br />
          {timesText(format, appointment, (start, end) => t('admin.appointment.range', { start, end }))}
        </Row>
        <Row label={t('admin.detail.service')}>{appointment.intervention_name}</Row>
        <Row label={t('admin.detail.calendar')}>{placeText(calendars, appointment)}</Row>
        {customer.phone && (
          <Row label={t('admin.detail.phone')}>
            <a href={telHref(customer.phone)} data-testid="detail-phone">
              {customer.phone}
            </a>
          </Row>
        )}
        {customer.email && (
          <Row label={t('admin.detail.email')}>
            <a href={`mailto:${customer.email}`} data-testid="detail-email">
              {customer.email}
            </a>
          </Row>
        )}
        {appointment.price_amount !== null && (
          <Row label={t('admin.detail.price')}>{price(appointment.price_amount)}</Row>
        )}
        {appointment.comments?.trim() && (
          <Row label={t('admin.detail.comments')}>
            <span className={styles.preLine}>{appointment.comments}</span>
          </Row>
        )}
        {formAnswers.map((answer) => (
          <Row key={answer.name} label={answer.label}>
            <span className={styles.preLine} data-testid="detail-form-answer">
              {typeof answer.value === 'boolean'
                ? t(answer.value ? 'admin.detail.answerYes' : 'admin.detail.answerNo')
                : String(answer.value)}
            </span>
          </Row>
        ))}
      </dl>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
