/**
 * Cancelling by the staff (docs/back-office.md "Appointment detail"): an optional reason, kept in
 * the history, and whether the customer is told by mail — then a confirmation, since a cancelled
 * place may be taken at once by someone else.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useCancelByStaff } from '../../api/admin-actions.ts';
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import forms from '../../ui/forms/forms.module.css';
import { cancelFailureOf, useFailureText } from './action-errors.ts';
import styles from './appointment-actions.module.css';
import { DialogButtons, DialogFailure, DialogForm } from './DialogForm.tsx';

/** The longest reason (packages/contract: cancelByStaff). */
const MAX_REASON = 500;

interface CancelFormProps {
  appointment: AgendaAppointment;
  calendars: readonly AgendaCalendar[];
  onBack: () => void;
  onCancelled: (cancelled: AgendaAppointment) => void;
}

export function CancelForm({ appointment, calendars, onBack, onCancelled }: CancelFormProps) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const cancel = useCancelByStaff(group.id);
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const together = appointment.pack_id !== null || appointment.parent_id !== null;
  const failureText = useFailureText();
  const failure = cancel.isError ? cancelFailureOf(cancel.error) : null;

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else reasonRef.current?.focus();
  }, [confirming]);

  const next = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  const confirm = () => {
    if (cancel.isPending) return;
    cancel.mutate(
      { appointmentId: appointment.id, reason, notifyCustomer: notify },
      { onSuccess: onCancelled },
    );
  };

  return (
    <DialogForm
      title={t('admin.cancel.title')}
      appointment={appointment}
      calendars={calendars}
      onSubmit={next}
      testId="cancel-form"
    >
      {!confirming ? (
        <>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-reason`}>
              {t('admin.cancel.reason')}
            </label>
            <textarea
              ref={reasonRef}
              id={`${id}-reason`}
              className={`${forms.input} ${forms.textarea}`}
              value={reason}
              maxLength={MAX_REASON}
              rows={3}
              aria-describedby={`${id}-reason-hint`}
              onChange={(event) => setReason(event.target.value)}
              data-testid="cancel-reason"
            />
            <p id={`${id}-reason-hint`} className={styles.hint}>
              {t('admin.cancel.reasonHint', { max: MAX_REASON })}
            </p>
          </div>
          <label className={forms.check}>
            <input
              type="checkbox"
              checked={notify}
              onChange={(event) => setNotify(event.target.checked)}
              data-testid="cancel-notify"
            />
            <span>{t('admin.cancel.notify')}</span>
          </label>
          {together && <p className={styles.hint}>{t('admin.cancel.together')}</p>}
          <DialogButtons
            back={{ text: t('admin.move.back'), onClick: onBack, testId: 'cancel-back' }}
            go={{ text: t('admin.cancel.next'), variant: 'danger', testId: 'cancel-next' }}
          />
        </>
      ) : (
        <div className={styles.confirm} data-testid="cancel-confirm">
          <h4 ref={confirmRef} tabIndex={-1} className={styles.formTitle}>
            {t('admin.cancel.confirmTitle')}
          </h4>
          <p>{notify ? t('admin.cancel.told') : t('admin.cancel.notTold')}</p>
          {reason.trim() && (
            <p className={styles.hint}>{t('admin.history.reason', { reason: reason.trim() })}</p>
          )}
          <DialogFailure text={failure ? failureText(failure) : null} testId="cancel-error" />
          <DialogButtons
            back={{ text: t('admin.cancel.keep'), onClick: onBack, testId: 'cancel-keep' }}
            go={{
              text: cancel.isPending ? t('admin.cancel.cancelling') : t('admin.cancel.confirm'),
              variant: 'danger',
              pending: cancel.isPending,
              onClick: confirm,
              testId: 'cancel-confirm-button',
            }}
          />
        </div>
      )}
    </DialogForm>
  );
}
