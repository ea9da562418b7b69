/**
 * One appointment of the agenda: customer (phone and e-mail as links), service, calendar, times,
 * price, comments, status; with `appointment.mark` the attendance buttons and the private note
 * (docs/back-office.md "Appointment marks"); with `appointment.manage` the move and cancel forms, shown
 * in place of the details; for everyone the history. The dialog reads the appointment from the
 * agenda's cache, which each mark, move and cancellation updates, so the agenda behind it and the
 * dialog change together.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useAppointmentDetail } from '../../api/admin-actions.ts';
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { type Attendance, useMarkAttendance, useStaffNote } from '../../api/admin-marks.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { errorKey } from '../../ui/auth/error-key.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useNotificationText } from '../../ui/NotificationBar.tsx';
import { customerName } from './AgendaItems.tsx';
import { AppointmentHistory } from './AppointmentHistory.tsx';
import styles from './admin.module.css';
import { useAgendaFormat } from './agenda-format.ts';
import actionStyles from './appointment-actions.module.css';
import { CancelForm } from './CancelForm.tsx';
import { MoveForm } from './MoveForm.tsx';

/** The longest private note (packages/contract: MAX_STAFF_NOTE). */
const MAX_NOTE = 2000;

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

type View = 'details' | 'move' | 'cancel';

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
  const { price } = useFormatters();
  const text = useNotificationText();
  const attendance = useMarkAttendance(group.id);
  const note = useStaffNote(group.id);
  const noteId = useId();
  const noteHintId = useId();
  const [draft, setDraft] = useState(appointment.staff_note ?? '');
  const [savedNote, setSavedNote] = useState(false);
  const cancelled = appointment.status === 'cancelled';
  const calendar = calendars.find((c) => c.id === appointment.calendar_id);
  const resource = calendars.find((c) => c.id === appointment.resource_id);
  const { customer } = appointment;
  const sameDay = appointment.starts_local.slice(0, 10) === appointment.ends_local.slice(0, 10);
  const [view, setView] = useState<View>('details');
  const [done, setDone] = useState<string | null>(null);
  const actionBar = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // Back from a form, the focus returns where it left from; after an action, to what it did.
  const [focusAfter, setFocusAfter] = useState<'move' | 'cancel' | 'done' | null>(null);
  useEffect(() => {
    if (view !== 'details' || !focusAfter) return;
    const target =
      focusAfter === 'done'
        ? doneRef.current
        : actionBar.current?.querySelector<HTMLElement>(`[data-testid="action-${focusAfter}"]`);
    target?.focus();
    setFocusAfter(null);
  }, [view, focusAfter]);
  const open = (next: 'move' | 'cancel') => {
    setDone(null);
    setView(next);
  };
  const back = () => {
    setFocusAfter(view === 'cancel' ? 'cancel' : 'move');
    setView('details');
  };

  // Another member may have written meanwhile: a refreshed note replaces an untouched draft.
  const [seenNote, setSeenNote] = useState(appointment.staff_note);
  useEffect(() => {
    if (appointment.staff_note !== seenNote) {
      setSeenNote(appointment.staff_note);
      setDraft(appointment.staff_note ?? '');
    }
  }, [appointment.staff_note, seenNote]);

  // The buttons stay focusable while a call runs (aria-disabled, not disabled): a disabled button
  // would drop the keyboard focus out of the dialog, where Escape no longer closes it.
  const mark = (value: Attendance) => {
    if (attendance.isPending || (value === null && appointment.attendance === null)) return;
    attendance.mutate({ appointmentId: appointment.id, attendance: value });
  };
  const noteUnchanged = draft === (appointment.staff_note ?? '');

  return (
    <Dialog title={customerName(appointment)} onClose={onClose} wide testId="appointment-dialog">
      {view === 'move' ? (
        <MoveForm
          appointment={appointment}
          calendars={calendars}
          onBack={back}
          onMoved={(moved) => {
            const place = calendars.find((c) => c.id === moved.calendar_id)?.name ?? '';
            setDone(
              t('admin.move.done', {
                date: format.longDate(moved.starts_local.slice(0, 10)),
                time: format.time(moved.starts_local),
                calendar: place,
              }),
            );
            setFocusAfter('done');
            setView('details');
            onMoved?.(moved.starts_local);
          }}
        />
      ) : view === 'cancel' ? (
        <CancelForm
          appointment={appointment}
          calendars={calendars}
          onBack={back}
          onCancelled={() => {
            setDone(t('admin.cancel.done'));
            setFocusAfter('done');
            setView('details');
          }}
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
            {(appointment.pack_id !== null || appointment.parent_id !== null) && (
              <span className={styles.badgeMuted}>{t('admin.detail.together')}</span>
            )}
          </div>
          <dl className={styles.details}>
            <Row label={t('admin.detail.when')}>
              {format.longDate(appointment.starts_local.slice(0, 10))}
              <br />
              {sameDay
                ? t('admin.appointment.range', {
                    start: format.time(appointment.starts_local),
                    end: format.time(appointment.ends_local),
                  })
                : `${format.time(appointment.starts_local)} – ${format.longDate(appointment.ends_local.slice(0, 10))} ${format.time(appointment.ends_local)}`}
            </Row>
            <Row label={t('admin.detail.service')}>{appointment.intervention_name}</Row>
            <Row label={t('admin.detail.calendar')}>
              {[calendar?.name, resource?.name].filter(Boolean).join(' · ') || '—'}
            </Row>
            {customer.phone && (
              <Row label={t('admin.detail.phone')}>
                <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`} data-testid="detail-phone">
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
            {/* The booking form's answers, labelled by the group's form (loaded with the history). */}
            {(detail.data?.form_answers ?? []).map((answer) => (
              <Row key={answer.name} label={answer.label}>
                <span className={styles.preLine} data-testid="detail-form-answer">
                  {typeof answer.value === 'boolean'
                    ? t(answer.value ? 'admin.detail.answerYes' : 'admin.detail.answerNo')
                    : String(answer.value)}
                </span>
              </Row>
            ))}
          </dl>

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

          {canMark && (
            <>
              <section className={styles.detailSection} aria-labelledby={`${noteId}-attendance`}>
                <h3 id={`${noteId}-attendance`} className={styles.sectionTitle}>
                  {t('admin.actions.title')}
                </h3>
                {cancelled ? (
                  <p className={styles.muted}>{t('admin.actions.cancelled')}</p>
                ) : (
                  <div className={styles.markButtons}>
                    <Button
                      variant={appointment.attendance === 'arrived' ? 'primary' : 'secondary'}
                      aria-pressed={appointment.attendance === 'arrived'}
                      aria-disabled={attendance.isPending}
                      onClick={() => mark('arrived')}
                      data-testid="mark-arrived"
                    >
                      <Icon name="check" />
                      {t('admin.actions.arrived')}
                    </Button>
                    <Button
                      variant={appointment.attendance === 'no_show' ? 'danger' : 'secondary'}
                      aria-pressed={appointment.attendance === 'no_show'}
                      aria-disabled={attendance.isPending}
                      onClick={() => mark('no_show')}
                      data-testid="mark-no-show"
                    >
                      <Icon name="close" />
                      {t('admin.actions.noShow')}
                    </Button>
                    <Button
                      variant="ghost"
                      aria-disabled={attendance.isPending || appointment.attendance === null}
                      onClick={() => mark(null)}
                      data-testid="mark-clear"
                    >
                      {t('admin.actions.clear')}
                    </Button>
                  </div>
                )}
                {attendance.isError && (
                  <p className={styles.error} role="alert">
                    {text(errorKey(attendance.error))}
                  </p>
                )}
              </section>

              <section className={styles.detailSection}>
                <label htmlFor={noteId} className={styles.sectionTitle}>
                  {t('admin.note.label')}
                </label>
                <p id={noteHintId} className={styles.muted}>
                  {t('admin.note.hint')}
                </p>
                <textarea
                  id={noteId}
                  className={styles.note}
                  value={draft}
                  maxLength={MAX_NOTE}
                  rows={3}
                  aria-describedby={noteHintId}
                  onChange={(event) => {
                    setDraft(event.target.value);
                    setSavedNote(false);
                  }}
                  data-testid="note-field"
                />
                <div className={styles.noteActions}>
                  <span className={styles.muted} aria-live="polite">
                    {savedNote ? t('admin.note.saved') : ''}
                  </span>
                  <Button
                    size="s"
                    aria-disabled={note.isPending || noteUnchanged}
                    onClick={() =>
                      !note.isPending &&
                      !noteUnchanged &&
                      note.mutate(
                        { appointmentId: appointment.id, note: draft },
                        { onSuccess: () => setSavedNote(true) },
                      )
                    }
                    data-testid="note-save"
                  >
                    {t('admin.note.save')}
                  </Button>
                </div>
                {note.isError && (
                  <p className={styles.error} role="alert">
                    {text(errorKey(note.error))}
                  </p>
                )}
              </section>
            </>
          )}
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
