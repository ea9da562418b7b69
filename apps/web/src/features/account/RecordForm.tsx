/**
 * One person's record on the records page (docs/requirements/accounts-and-appointments.md §2, §5): the group's form, checked live by the
 * shared rules; save (only with valid changes) and, for a saved record, remove after a
 * confirmation. A new record is created from the add tab. Server refusals show under their field
 * (formStdError) or in an alert (maxFiches).
 */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import type { Locale } from '@creneau/core/locales';
import type { FieldError } from '@creneau/core/validation/field-errors';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import type { Fiche } from '../../api/fiches.ts';
import { usePart } from '../../i18n/i18n.ts';
import { errorKey } from '../../ui/auth/error-key.ts';
import { ExtraIcon } from '../../ui/auth/extra-icons.tsx';
import { SubmitButton } from '../../ui/auth/SubmitButton.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { DynamicForm } from '../../ui/forms/DynamicForm.tsx';
import { type FormValues, serverFieldErrors } from '../../ui/forms/form-state.ts';
import { useDynamicForm } from '../../ui/forms/use-dynamic-form.ts';
import { notify } from '../../ui/notification-store.ts';
import { openPopup } from '../../ui/popup-store.ts';
import styles from './FichesPage.module.css';
import { useRemoveRecord, useSaveRecord } from './use-record-mutations.ts';

interface RecordFormProps {
  groupId: number;
  /** The saved record, or null for a new one. */
  fiche: Fiche | null;
  fields: readonly FormField[];
  values: FormValues;
  onValues: (values: FormValues) => void;
  /** The values differ from the saved ones. */
  dirty: boolean;
  locale: Locale;
  today: string;
  /** After a save, with the record as the server returned it. */
  onSaved: (fiche: Fiche) => void;
  onRemoved?: (fiche: Fiche) => void;
}

export function RecordForm({
  groupId,
  fiche,
  fields,
  values,
  onValues,
  dirty,
  locale,
  today,
  onSaved,
  onRemoved,
}: RecordFormProps) {
  const { t } = usePart('account');
  const saving = useSaveRecord(groupId, fiche);
  const removing = useRemoveRecord(groupId);
  const busy = saving.isPending || removing.isPending;
  const [serverErrors, setServerErrors] = useState<Record<string, FieldError> | undefined>();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const form = useDynamicForm({ fields, values, onValues, locale, today, serverErrors });
  const testPrefix = fiche ? `record-${fiche.id}` : 'record-new';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.valid || (fiche && !dirty)) {
      form.submit();
      if (form.firstError)
        document.querySelector<HTMLElement>(`[data-testid="${testPrefix}-${form.firstError}"]`)?.focus();
      return;
    }
    try {
      const body = Object.fromEntries(fields.map((f) => [f.name, form.stored[f.name] ?? null]));
      const saved = await saving.mutateAsync(body);
      setServerErrors(undefined);
      form.reset();
      notify(fiche ? 'recordSaved' : 'recordAdded', { tone: 'success' });
      onSaved(saved);
    } catch (error) {
      const key = errorKey(error);
      const byField =
        error instanceof ApiError ? (error.body as { errors?: unknown } | null)?.errors : undefined;
      if (key === 'formStdError' && byField && typeof byField === 'object' && !Array.isArray(byField)) {
        setServerErrors(serverFieldErrors(byField as Record<string, string>));
        form.submit();
      } else {
        openPopup({ kind: 'alert', message: key, values: key === 'maxFiches' ? { max: 8 } : undefined });
      }
    }
  };

  const remove = async () => {
    if (!fiche) return;
    try {
      await removing.mutateAsync(fiche.id);
      setConfirmRemove(false);
      notify('recordRemoved', { tone: 'success', values: { name: fiche.firstname } });
      onRemoved?.(fiche);
    } catch (error) {
      setConfirmRemove(false);
      openPopup({ kind: 'alert', message: errorKey(error) });
    }
  };

  return (
    <form className={styles.recordForm} onSubmit={save} noValidate data-testid={testPrefix}>
      <DynamicForm fields={fields} form={form} locale={locale} disabled={busy} testIdPrefix={testPrefix} />
      <div className={styles.formActions}>
        {fiche && (
          <Button
            variant="ghost"
            className={styles.remove}
            onClick={() => setConfirmRemove(true)}
            disabled={busy}
            data-testid="record-remove"
          >
            <ExtraIcon name="trash" />
            {t('account.records.remove')}
          </Button>
        )}
        <div className={styles.save}>
          <SubmitButton
            blocked={!form.valid || (fiche !== null && !dirty)}
            busy={busy}
            busyLabel={t('account.reset.saving')}
            testId="record-save"
          >
            {fiche ? t('account.records.save') : t('account.records.add')}
          </SubmitButton>
        </div>
      </div>
      {confirmRemove && fiche && (
        <Dialog
          title={t('account.records.removeTitle', { name: fiche.firstname })}
          onClose={() => setConfirmRemove(false)}
          role="alertdialog"
          dismissable={false}
          testId="record-remove-dialog"
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirmRemove(false)} disabled={busy}>
                {t('account.records.keep')}
              </Button>
              <Button variant="danger" onClick={remove} disabled={busy} data-testid="record-remove-confirm">
                {t('account.records.removeConfirm')}
              </Button>
            </>
          }
        >
          <p>{t('account.records.removeText', { name: `${fiche.firstname} ${fiche.lastname}` })}</p>
        </Dialog>
      )}
    </form>
  );
}
