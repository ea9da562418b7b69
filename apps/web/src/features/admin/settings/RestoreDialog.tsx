/**
 * The confirmation before a restore: what it does (a new version; the absences made in the back
 * office kept, docs/group-configuration.md) and, when refused, why — or, when it would strand
 * booked appointments, which, with the choice to restore anyway (docs/back-office.md "Stranded
 * appointments").
 */
import { wouldStrand } from '../../../api/admin-settings.ts';
import { ApiError } from '../../../api/client.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { StrandedList } from './StrandedList.tsx';
import styles from './settings.module.css';

interface RestoreDialogProps {
  version: number;
  pending: boolean;
  error: Error | null;
  onCancel: () => void;
  /** `acceptStranded`: the owner has seen the appointments it strands and restores all the same. */
  onConfirm: (acceptStranded: boolean) => void;
}

export function RestoreDialog({ version, pending, error, onCancel, onConfirm }: RestoreDialogProps) {
  const { t } = usePart('admin');
  const status = error instanceof ApiError ? error.status : 0;
  const stranded = wouldStrand(error);
  const message =
    status === 409
      ? t('admin.settings.errors.restoreConflict')
      : status === 422
        ? t('admin.settings.errors.restoreInvalid')
        : t('admin.settings.errors.generic');
  return (
    <Dialog
      role="alertdialog"
      dismissable={false}
      title={t('admin.settings.restore.title', { version })}
      onClose={onCancel}
      testId="settings-restore-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} data-testid="settings-restore-cancel">
            {t('admin.settings.restore.cancel')}
          </Button>
          <Button
            aria-disabled={pending || undefined}
            onClick={() => {
              if (!pending) onConfirm(stranded !== null);
            }}
            data-testid="settings-restore-confirm"
          >
            {pending
              ? t('admin.settings.restore.restoring')
              : stranded
                ? t('admin.settings.restore.anyway')
                : t('admin.settings.restore.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('admin.settings.restore.text', { version })}</p>
      <p className={styles.warning}>
        <Icon name="alert" size={18} />
        <span>{t('admin.settings.restore.absences')}</span>
      </p>
      {stranded && <StrandedList appointments={stranded} pending />}
      <div aria-live="assertive">
        {error && !stranded && (
          <p className={`${forms.error} ${forms.dense}`} role="alert" data-testid="settings-restore-error">
            <Icon name="alert" size={16} />
            <span>{message}</span>
          </p>
        )}
      </div>
    </Dialog>
  );
}
