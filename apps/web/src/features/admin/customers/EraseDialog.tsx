/**
 * Erasure on request (docs/back-office.md "Customers"): the dialog says, before anything happens,
 * what goes (everything that identifies the person, across their records in the business), what
 * stays (past appointments without a name, for the accounts) and what is not the business's to
 * erase (the person's own account). The person in charge ticks that they understand, then erases.
 */
import { useId, useRef, useState } from 'react';
import { type CustomerSummary, type ErasureResult, useEraseCustomer } from '../../../api/admin-customers.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { usePeopleErrorText } from '../people-error-text.ts';
import styles from './customers.module.css';

interface EraseDialogProps {
  customer: CustomerSummary;
  name: string;
  onClose: () => void;
  onErased: (result: ErasureResult) => void;
}

export function EraseDialog({ customer, name, onClose, onErased }: EraseDialogProps) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const erase = useEraseCustomer(group.id);
  const errorText = usePeopleErrorText();
  const [understood, setUnderstood] = useState(false);
  const [missing, setMissing] = useState(false);
  const checkId = useId();
  const missingId = useId();
  const check = useRef<HTMLInputElement>(null);

  // The button stays focusable while unticked or running (aria-disabled): a disabled button
  // would drop the focus out of the dialog.
  const submit = () => {
    if (erase.isPending) return;
    if (!understood) {
      setMissing(true);
      check.current?.focus();
      return;
    }
    erase.mutate(customer.fiche_id, { onSuccess: onErased });
  };

  return (
    <Dialog
      title={t('admin.customers.erase.title', { name })}
      onClose={onClose}
      role="alertdialog"
      dismissable={false}
      wide
      testId="erase-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} data-testid="erase-cancel">
            {t('admin.customers.erase.keep')}
          </Button>
          <Button
            variant="danger"
            onClick={submit}
            aria-disabled={!understood || erase.isPending || undefined}
            data-testid="erase-confirm"
          >
            {erase.isPending ? t('admin.customers.erase.running') : t('admin.customers.erase.confirm')}
          </Button>
        </>
      }
    >
      <div className={styles.eraseBody}>
        <p>{t('admin.customers.erase.intro')}</p>
        <h3 className={styles.eraseHeading}>{t('admin.customers.erase.goneTitle')}</h3>
        <ul className={styles.eraseList}>
          <li>{t('admin.customers.erase.goneIdentity')}</li>
          <li>{t('admin.customers.erase.goneNotes')}</li>
          <li>{t('admin.customers.erase.goneUpcoming')}</li>
        </ul>
        <h3 className={styles.eraseHeading}>{t('admin.customers.erase.keptTitle')}</h3>
        <ul className={styles.eraseList}>
          <li>{t('admin.customers.erase.keptPast')}</li>
          <li>{t('admin.customers.erase.keptAccount')}</li>
        </ul>
        <p className={styles.eraseWarning}>{t('admin.customers.erase.final')}</p>
        <div className={styles.checkRow}>
          <input
            ref={check}
            id={checkId}
            type="checkbox"
            checked={understood}
            onChange={(event) => {
              setUnderstood(event.target.checked);
              if (event.target.checked) setMissing(false);
            }}
            aria-describedby={missing ? missingId : undefined}
            aria-invalid={missing || undefined}
            data-testid="erase-understood"
          />
          <label htmlFor={checkId}>{t('admin.customers.erase.understood', { name })}</label>
        </div>
        <div aria-live="assertive">
          {missing && (
            <p id={missingId} className={styles.error}>
              {t('admin.customers.erase.tickFirst')}
            </p>
          )}
          {erase.isError && (
            <p className={styles.error} data-testid="erase-error">
              {errorText(erase.error)}
            </p>
          )}
        </div>
      </div>
    </Dialog>
  );
}
