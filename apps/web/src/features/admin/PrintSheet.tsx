/**
 * The printed day sheet: for each day shown, a plain list per calendar of its appointments (time,
 * customer, phone, service, status, note) and its closures. Hidden on screen; when printing it is
 * the only thing on the page (admin.module.css, `@media print`). It is rendered into <body> so that
 * the print rule can set aside the whole app beside it.
 */
import { createPortal } from 'react-dom';
import type { AgendaAppointment, AgendaBlock, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import styles from './admin.module.css';
import { useAgendaFormat } from './agenda-format.ts';
import { customerName, useAgendaLabels } from './agenda-labels.ts';
import { segmentInDay } from './agenda-layout.ts';

interface PrintSheetProps {
  groupName: string;
  days: readonly string[];
  calendars: readonly AgendaCalendar[];
  appointments: readonly AgendaAppointment[];
  blocks: readonly AgendaBlock[];
}

export function PrintSheet({ groupName, days, calendars, appointments, blocks }: PrintSheetProps) {
  const { t } = usePart('admin');
  const format = useAgendaFormat();
  const labels = useAgendaLabels(format);
  if (typeof document === 'undefined') return null;
  const onDay = <T extends { starts_local: string; ends_local: string }>(items: readonly T[], day: string) =>
    items
      .filter((item) => segmentInDay(item.starts_local, item.ends_local, day))
      .sort((a, b) => a.starts_local.localeCompare(b.starts_local));

  return createPortal(
    <div className={styles.printSheet} data-testid="print-sheet">
      {days.map((day) => (
        <section key={day} className={styles.printDay}>
          <h2>
            {groupName} — {format.longDate(day)}
          </h2>
          {calendars.map((calendar) => {
            const mine = onDay(
              appointments.filter((a) => a.calendar_id === calendar.id || a.resource_id === calendar.id),
              day,
            );
            const closed = onDay(
              blocks.filter((b) => b.calendar_id === calendar.id && b.kind !== 'opening'),
              day,
            );
            return (
              <section key={calendar.id} className={styles.printCalendar}>
                <h3>
                  {calendar.name}
                  {calendar.resource && ` (${t('admin.calendars.resource')})`}
                </h3>
                {closed.map((block) => (
                  <p key={block.id} className={styles.printBlock}>
                    {labels.block(block)}
                  </p>
                ))}
                {mine.length === 0 ? (
                  <p>{t('admin.empty')}</p>
                ) : (
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">{t('admin.detail.when')}</th>
                        <th scope="col">{t('admin.detail.customer')}</th>
                        <th scope="col">{t('admin.detail.phone')}</th>
                        <th scope="col">{t('admin.detail.service')}</th>
                        <th scope="col">{t('admin.detail.status')}</th>
                        <th scope="col">
                          {t('admin.detail.comments')} · {t('admin.note.label')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {mine.map((appointment) => (
                        <tr
                          key={appointment.id}
                          className={appointment.status === 'cancelled' ? styles.printCancelled : ''}
                        >
                          <td>
                            {format.time(appointment.starts_local)}–{format.time(appointment.ends_local)}
                          </td>
                          <td>{customerName(appointment)}</td>
                          <td>{appointment.customer.phone ?? ''}</td>
                          <td>{appointment.intervention_name}</td>
                          <td>
                            {[
                              appointment.status === 'cancelled' ? t('admin.status.cancelled') : '',
                              appointment.attendance ? t(`admin.attendance.${appointment.attendance}`) : '',
                            ]
                              .filter(Boolean)
                              .join(', ')}
                          </td>
                          <td>
                            {[appointment.comments, appointment.staff_note].filter(Boolean).join(' — ')}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
            );
          })}
        </section>
      ))}
    </div>,
    document.body,
  );
}
