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
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { ActionSummary } from './ActionSummary.tsx';
import { cancelFailureOf, useFailureText } from './action-errors.ts';
import styles from './appointment-actions.module.css';

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
    <form
      className={styles.form}
      onSubmit={next}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="cancel-form"
    >
      <h3 id={`${id}-title`} className={styles.formTitle}>
        {t('admin.cancel.title')}
      </h3>
      <ActionSummary appointment={appointment} calendars={calendars} />
      {!confirming ? (
        <>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-reason`}>
              {t('admin.cancel.reason')}
            </label>
            <textarea
              ref={reasonRef}
              id={`${id}-reason`}
              className={styles.input}
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
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={notify}
              onChange={(event) => setNotify(event.target.checked)}
              data-testid="cancel-notify"
            />
            <span>{t('admin.cancel.notify')}</span>
          </label>
          {together && <p className={styles.hint}>{t('admin.cancel.together')}</p>}
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={onBack} data-testid="cancel-back">
              {t('admin.move.back')}
            </Button>
            <Button type="submit" variant="danger" data-testid="cancel-next">
              {t('admin.cancel.next')}
            </Button>
          </div>
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
          <div className={styles.error} role="alert" data-testid="cancel-error">
            {failure && (
              <>
                <Icon name="alert" size={18} />
                <span>{failureText(failure)}</span>
              </>
            )}
          </div>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={onBack} data-testid="cancel-keep">
              {t('admin.cancel.keep')}
            </Button>
            <Button
              variant="danger"
              aria-disabled={cancel.isPending}
              onClick={confirm}
              data-testid="cancel-confirm-button"
            >
              {cancel.isPending ? t('admin.cancel.cancelling') : t('admin.cancel.confirm')}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
