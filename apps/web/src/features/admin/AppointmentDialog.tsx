/**
 * One appointment of the agenda: customer (phone and e-mail as links), service, calendar, times,
 * price, comments, status; with `appointment.mark` the attendance buttons and the private note
 * (docs/back-office.md "Appointment marks"); with `appointment.manage` the move and cancel forms, shown
 * in place of the details; for everyone the history. The dialog reads the appointment from the
 * agenda's cache, which each mark, move and cancellation updates, so the agenda behind it and the
 * dialog change together.
 */
import { useAppointmentDetail } from '../../api/admin-actions.ts';
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { customerName } from './AgendaItems.tsx';
import { AppointmentDetails } from './AppointmentDetails.tsx';
import { AppointmentHistory } from './AppointmentHistory.tsx';
import { AppointmentMarks } from './AppointmentMarks.tsx';
import styles from './admin.module.css';
import { useAgendaFormat } from './agenda-format.ts';
import actionStyles from './appointment-actions.module.css';
import { CancelForm } from './CancelForm.tsx';
import { MoveForm } from './MoveForm.tsx';
import { useAppointmentMarks } from './use-appointment-marks.ts';
import { useDialogView } from './use-dialog-view.ts';

interface AppointmentDialogProps {
  appointment: AgendaAppointment;
  calendars: readonly AgendaCalendar[];
  canMark: boolean;
  /** `appointment.manage`: move and cancel. */
  canManage: boolean;
  /** A move was written: its new local start, for the agenda to show that day. */
  onMoved?: (startsLocal: string) => void;
  onClose: () => void;
}

export function AppointmentDialog({
  appointment,
  calendars,
  canMark,
  canManage,
  onMoved,
  onClose,
}: AppointmentDialogProps) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const detail = useAppointmentDetail(group.id, useSessionToken(), appointment.id);
  const format = useAgendaFormat();
  const marks = useAppointmentMarks(appointment);
  // Back from a form, the focus returns where it left from; after an action, to what it did.
  const { view, done, actionBar, doneRef, open, back, finish } = useDialogView();
  const cancelled = appointment.status === 'cancelled';

  return (
    <Dialog title={customerName(appointment)} onClose={onClose} wide testId="appointment-dialog">
      {view === 'move' ? (
        <MoveForm
          appointment={appointment}
          calendars={calendars}
          onBack={back}
          onMoved={(moved) => {
            const place = calendars.find((c) => c.id === moved.calendar_id)?.name ?? '';
            finish(
              t('admin.move.done', {
                date: format.longDate(moved.starts_local.slice(0, 10)),
                time: format.time(moved.starts_local),
                calendar: place,
              }),
            );
            onMoved?.(moved.starts_local);
          }}
        />
      ) : view === 'cancel' ? (
        <CancelForm
          appointment={appointment}
          calendars={calendars}
          onBack={back}
          onCancelled={() => finish(t('admin.cancel.done'))}
        />
      ) : (
        <>
          {done && (
            <p
              ref={doneRef}
              tabIndex={-1}
              className={actionStyles.notice}
              role="status"
              data-testid="action-done"
            >
              <Icon name="check" size={18} />
              <span>{done}</span>
            </p>
          )}
          <AppointmentDetails
            appointment={appointment}
            calendars={calendars}
            formAnswers={detail.data?.form_answers ?? []}
          />

          {canManage && !cancelled && (
            <div ref={actionBar} className={actionStyles.actionBar}>
              <Button variant="secondary" onClick={() => open('move')} data-testid="action-move">
                <Icon name="calendar" />
                {t('admin.move.open')}
              </Button>
              <Button variant="secondary" onClick={() => open('cancel')} data-testid="action-cancel">
                <Icon name="close" />
                {t('admin.cancel.open')}
              </Button>
            </div>
          )}

          {canMark && <AppointmentMarks appointment={appointment} marks={marks} />}
          {!canMark && appointment.staff_note && (
            <section className={styles.detailSection}>
              <h3 className={styles.sectionTitle}>{t('admin.note.label')}</h3>
              <p className={styles.preLine}>{appointment.staff_note}</p>
            </section>
          )}
          <AppointmentHistory appointment={appointment} calendars={calendars} />
        </>
      )}
    </Dialog>
  );
}
