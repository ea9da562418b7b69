/**
 * What happened to an appointment, from its booking on (docs/back-office.md "Appointment detail"):
 * read when the dialog opens and again whenever the appointment changes under it (a mark, a move,
 * another member's change arriving through the live agenda).
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import { useAppointmentDetail } from '../../api/admin-actions.ts';
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Button } from '../../ui/Button.tsx';
import adminStyles from './admin.module.css';
import styles from './appointment-actions.module.css';
import { describeHistory, useHistoryContext } from './history-format.ts';

interface AppointmentHistoryProps {
  appointment: AgendaAppointment;
  calendars: readonly AgendaCalendar[];
}

export function AppointmentHistory({ appointment, calendars }: AppointmentHistoryProps) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const detail = useAppointmentDetail(group.id, token, appointment.id);
  const headingId = useId();
  const context = useHistoryContext(calendars);

  // The cached appointment is the agenda's: when it changes, so has the history.
  const version = [
    appointment.starts_at,
    appointment.calendar_id,
    appointment.status,
    appointment.attendance,
    appointment.staff_note,
  ].join('|');
  const seen = useRef(version);
  const { refetch } = detail;
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);

  const lines = useMemo(
    () => (detail.data?.history ?? []).map((entry) => describeHistory(entry, context)),
    [detail.data, context],
  );

  return (
    <section className={adminStyles.detailSection} aria-labelledby={headingId} data-testid="history">
      <h3 id={headingId} className={adminStyles.sectionTitle}>
        {t('admin.history.title')}
      </h3>
      {detail.isPending ? (
        <p className={adminStyles.muted}>{t('admin.history.loading')}</p>
      ) : detail.isError ? (
        <div className={adminStyles.noteActions}>
          <p className={adminStyles.muted}>{t('admin.history.error')}</p>
          <Button size="s" variant="secondary" onClick={() => void refetch()}>
            {t('admin.history.retry')}
          </Button>
        </div>
      ) : (
        <ol className={styles.history}>
          {lines.map((line, index) => (
            // The history only grows at its end: the position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className={styles.historyItem} data-testid="history-entry">
              <div className={styles.historyHead}>
                <span>
                  <span className={styles.historyAction}>{line.action}</span> {line.actor}
                </span>
                <time className={styles.historyWhen} dateTime={line.at}>
                  {line.when}
                </time>
              </div>
              {line.details.map((text) => (
                <span key={text} className={styles.historyDetail}>
                  {text}
                </span>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
