/**
 * Booking for a customer from a free place of the agenda — a walk-in at the desk or a caller
 * (docs/back-office.md "Booking from the agenda"). The place chosen on the board presets the
 * calendar, the day and the time; the staff pick the service, an existing customer (searched by
 * name, e-mail or phone) or a new one, and whether the confirmation mail goes out. Owners and
 * managers may give a reason to book past the notice and capacity rules. The server decides; its
 * refusals show on the field they concern.
 */
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import forms from '../../ui/forms/forms.module.css';
import { Icon } from '../../ui/Icon.tsx';
import { useRefusalText } from './refusal-text.ts';
import { type FreePlace, useWalkInForm } from './use-walkin-form.ts';
import { WalkInCustomer } from './WalkInCustomer.tsx';
import { WalkInFieldError } from './WalkInFieldError.tsx';
import { WalkInPlace } from './WalkInPlace.tsx';
import styles from './walkin.module.css';
import { MAX_REASON } from './walkin-draft.ts';

export { refusalText } from './refusal-text.ts';
// The agenda (its board's columns and drops, AgendaScreen) takes the free place's type and the refusals' words from here.
export type { FreePlace } from './use-walkin-form.ts';

interface WalkInDialogProps {
  groupId: number;
  token: string | null;
  /** The calendars a booking can go on (no resources). */
  calendars: readonly AgendaCalendar[];
  place: FreePlace;
  canOverride: boolean;
  onClose: () => void;
  onBooked: (appointment: AgendaAppointment) => void;
}

export function WalkInDialog({
  groupId,
  token,
  calendars,
  place,
  canOverride,
  onClose,
  onBooked,
}: WalkInDialogProps) {
  const { t } = usePart('admin');
  const refusalText = useRefusalText();
  const walkIn = useWalkInForm({ groupId, place, canOverride, onBooked });
  const { id, form, draft, change, book, refusals, fields, submit } = walkIn;
  const general = refusals.filter((r) => !r.field);

  const reasonHint = `${id}-reason-hint`;
  return (
    <Dialog
      title={t('admin.walkin.title')}
      onClose={onClose}
      dismissable={false}
      wide
      testId="walkin-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} data-testid="walkin-cancel">
            {t('admin.walkin.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={book.isPending} data-testid="walkin-submit">
            {book.isPending ? t('admin.walkin.booking') : t('admin.walkin.submit')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} ref={form} className={styles.form} onSubmit={submit} noValidate>
        {general.length > 0 && (
          <div
            className={styles.alert}
            role="alert"
            tabIndex={-1}
            data-walkin-alert
            data-testid="walkin-alert"
          >
            <Icon name="alert" size={18} />
            <span>{general.map((r) => refusalText(r)).join(' ')}</span>
          </div>
        )}
        <WalkInPlace calendars={calendars} form={walkIn} />
        <WalkInCustomer groupId={groupId} token={token} form={walkIn} />

        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-comments`}>
            {t('admin.walkin.comments')}
            <span className={forms.optional}>{` (${t('booking.form.optional')})`}</span>
          </label>
          <textarea
            id={`${id}-comments`}
            className={`${forms.input} ${forms.textarea}`}
            rows={2}
            maxLength={500}
            value={draft.comments}
            onChange={(event) => change({ comments: event.target.value })}
            data-testid="walkin-comments"
          />
        </div>

        <label className={forms.check}>
          <input
            type="checkbox"
            checked={draft.notify}
            onChange={(event) => change({ notify: event.target.checked })}
            data-testid="walkin-notify"
          />
          <span>{t('admin.walkin.notify')}</span>
        </label>

        {canOverride && (
          <div className={`${forms.field} ${styles.override}`}>
            <label className={forms.label} htmlFor={fields.id('override')}>
              {t('admin.walkin.override')}
              <span className={forms.optional}>{` (${t('booking.form.optional')})`}</span>
            </label>
            <p id={reasonHint} className={forms.hint}>
              {t('admin.walkin.overrideHint')}
            </p>
            <input
              id={fields.id('override')}
              className={forms.input}
              type="text"
              maxLength={MAX_REASON}
              value={draft.reason}
              aria-invalid={fields.errorOf('override') ? true : undefined}
              aria-describedby={fields.describedBy('override', reasonHint)}
              onChange={(event) => change({ reason: event.target.value })}
              data-testid="walkin-override"
            />
            <WalkInFieldError fields={fields} field="override" />
          </div>
        )}
      </form>
    </Dialog>
  );
}
