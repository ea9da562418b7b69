/**
 * The staff's marks in the appointment dialog, with `appointment.mark` (docs/back-office.md
 * "Appointment marks"): whether the customer came, and the private note.
 */
import { useId } from 'react';
import type { AgendaAppointment } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { errorKey } from '../../ui/auth/error-key.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useNotificationText } from '../../ui/NotificationBar.tsx';
import styles from './admin.module.css';
import type { AppointmentMarks as Marks } from './use-appointment-marks.ts';

/** The longest private note (packages/contract: MAX_STAFF_NOTE). */
const MAX_NOTE = 2000;

export function AppointmentMarks({ appointment, marks }: { appointment: AgendaAppointment; marks: Marks }) {
  const { t } = usePart('admin');
  const text = useNotificationText();
  const noteId = useId();
  const noteHintId = useId();
  const { attendance, mark, note, draft, setDraft, savedNote, noteUnchanged, saveNote } = marks;
  const cancelled = appointment.status === 'cancelled';
  return (
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
          onChange={(event) => setDraft(event.target.value)}
          data-testid="note-field"
        />
        <div className={styles.noteActions}>
          <span className={styles.muted} aria-live="polite">
            {savedNote ? t('admin.note.saved') : ''}
          </span>
          <Button
            size="s"
            aria-disabled={note.isPending || noteUnchanged}
            onClick={saveNote}
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
  );
}
