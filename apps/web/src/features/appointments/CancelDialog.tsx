/**
 * The cancel-appointment dialog (docs/requirements/accounts-and-appointments.md §2, §4, §8). One appointment: its summary and yes/no. A
 * booking of several: a checklist, everything ticked, untick what to keep; a pack is one line with
 * its included appointments. Nothing cancellable: the aptAlreadyCanceled warning (with the group's
 * phone) and a close button. While the request runs: cancellingAppointment. The dialog closes on
 * success or failure; a failure is then explained in an alert (mintimeRDVError, aptAlreadyCanceled…).
 */
import { useMemo, useState } from 'react';
import type { BookedAppointment } from '../../api/appointment-create.ts';
import { phoneOfError, useCancelAppointments } from '../../api/appointments-batch-delete.ts';
import type { Group } from '../../api/group.ts';
import { usePart } from '../../i18n/i18n.ts';
import { CancelUnitSummary } from '../../ui/appointments/AppointmentLines.tsx';
import styles from '../../ui/appointments/appointments.module.css';
import { idsToCancel, planCancel } from '../../ui/appointments/cancel-plan.ts';
import { errorKey } from '../../ui/auth/error-key.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useNotificationText } from '../../ui/NotificationBar.tsx';
import { notify } from '../../ui/notification-store.ts';
import { openPopup } from '../../ui/popup-store.ts';
import { Spinner } from '../../ui/Spinner.tsx';

export interface CancelDialogProps {
  group: Pick<Group, 'id' | 'phone' | 'timezone'>;
  /** The appointments the target is looked up in (the list, or a confirmed booking). */
  appointments: readonly BookedAppointment[];
  targetId: number;
  onClose: () => void;
  /** After a successful cancel, with every cancelled id. */
  onCancelled?: (ids: number[]) => void;
  /**
   * Opened from an e-mail link: success shows the appointmentCanceled confirmation popup rather
   * than the passing notification (docs/requirements/accounts-and-appointments.md §4).
   */
  fromLink?: boolean;
  /** "Now", for tests. */
  now?: Date;
}

/** Phone as a tel: link target. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function CancelDialog({
  group,
  appointments,
  targetId,
  onClose,
  onCancelled,
  fromLink,
  now,
}: CancelDialogProps) {
  const { t } = usePart('account');
  const text = useNotificationText();
  const [opened] = useState(() => now ?? new Date());
  const plan = useMemo(() => planCancel(appointments, targetId, opened), [appointments, targetId, opened]);
  const units = plan.kind === 'single' ? [plan.unit] : plan.kind === 'several' ? plan.units : [];
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(units.map((u) => u.head.id)));
  const cancel = useCancelAppointments(group.id);
  const busy = cancel.isPending;

  if (plan.kind === 'none') {
    const phone = group.phone?.trim();
    return (
      <Dialog
        title={t('account.cancel.titleNone')}
        onClose={onClose}
        role="alertdialog"
        testId="cancel-dialog"
        actions={<Button onClick={onClose}>{t('common.close')}</Button>}
      >
        <div className={styles.warning} data-testid="cancel-nothing">
          <Icon name="alert" />
          <p>
            {text('aptAlreadyCanceled')}
            {phone && (
              <>
                {' '}
                {t('account.cancel.callUs')} <a href={telHref(phone)}>{phone}</a>
              </>
            )}
          </p>
        </div>
      </Dialog>
    );
  }

  const several = plan.kind === 'several';
  const ids = idsToCancel(units, chosen);
  const plural = several ? ids.length > 1 : units[0]!.ids.length > 1;
  const toggle = (head: number) =>
    setChosen((was) => {
      const next = new Set(was);
      if (next.has(head)) next.delete(head);
      else next.add(head);
      return next;
    });

  const confirm = () => {
    if (busy || ids.length === 0) return;
    cancel.mutate(ids, {
      onSuccess: (response) => {
        const gone = [...new Set([...ids, ...response.records.map((r) => r.id)])];
        onClose();
        onCancelled?.(gone);
        if (fromLink)
          openPopup({
            kind: 'alert',
            title: t('account.cancel.confirmationTitle'),
            message: 'appointmentCanceled',
          });
        else notify('appointmentCanceled', { tone: 'success' });
      },
      onError: (error) => {
        onClose();
        const key = errorKey(error);
        const phone = key === 'aptAlreadyCanceled' ? (phoneOfError(error) ?? group.phone?.trim()) : null;
        openPopup(
          phone
            ? { kind: 'alert', message: 'aptAlreadyCanceledPhone', values: { phone } }
            : { kind: 'alert', message: key },
        );
      },
    });
  };

  return (
    <Dialog
      title={t(several ? 'account.cancel.titlePlural' : 'account.cancel.title')}
      onClose={busy ? () => {} : onClose}
      role="alertdialog"
      dismissable={false}
      testId="cancel-dialog"
      actions={
        busy ? (
          <Spinner small label={text('cancellingAppointment')} />
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} data-testid="cancel-no">
              {t('account.cancel.no')}
            </Button>
            <Button
              variant="danger"
              onClick={confirm}
              aria-disabled={ids.length === 0 ? true : undefined}
              data-testid="cancel-yes"
            >
              {t(plural ? 'account.cancel.yesPlural' : 'account.cancel.yes')}
            </Button>
          </>
        )
      }
    >
      <p className={styles.dialogLead}>
        {text(plural ? 'deleteAppointmentsWarning' : 'deleteAppointmentWarning')}
      </p>
      {several ? (
        <fieldset className={styles.checklist} disabled={busy}>
          <legend className={styles.checklistInfo}>{t('account.cancel.untickToKeep')}</legend>
          {units.map((unit) => {
            const id = `cancel-${unit.head.id}`;
            return (
              <div key={unit.head.id} className={styles.checkItem} data-checked={chosen.has(unit.head.id)}>
                <input
                  type="checkbox"
                  id={id}
                  checked={chosen.has(unit.head.id)}
                  onChange={() => toggle(unit.head.id)}
                  data-testid="cancel-check"
                />
                <label htmlFor={id} className={styles.checkLabel}>
                  <CancelUnitSummary unit={unit} timeZone={group.timezone} />
                </label>
              </div>
            );
          })}
        </fieldset>
      ) : (
        <div className={styles.singleBox}>
          <CancelUnitSummary unit={units[0]!} timeZone={group.timezone} />
        </div>
      )}
      {ids.length === 0 && (
        <p className={styles.muted} role="status">
          {t('account.cancel.nothingTicked')}
        </p>
      )}
    </Dialog>
  );
}
