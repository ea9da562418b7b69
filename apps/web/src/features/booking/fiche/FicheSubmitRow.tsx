/**
 * The contact-details form's submit button (docs/requirements/accounts-and-appointments.md §2
 * "Contact-details step") and, once the visitor has tried it, what still blocks it.
 */
import { useTranslation } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import styles from './fiche.module.css';

interface FicheSubmitRowProps {
  idPrefix: string;
  editing: boolean;
  pro: boolean;
  busy: boolean;
  blocked: boolean;
  /** What still blocks the button, as a translation key. */
  hintKey: string | null;
}

export function FicheSubmitRow({ idPrefix, editing, pro, busy, blocked, hintKey }: FicheSubmitRowProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.submitRow}>
      <Button
        type="submit"
        block
        aria-disabled={blocked ? true : undefined}
        aria-describedby={hintKey ? `${idPrefix}-hint` : undefined}
        data-testid="book-submit"
      >
        {busy ? (
          <>
            <span className={styles.buttonSpinner} aria-hidden="true" />
            {editing ? t('booking.loading.appointmentPut') : t('booking.loading.appointmentPost')}
          </>
        ) : editing ? (
          t('booking.fiche.submitChange')
        ) : pro ? (
          t('booking.fiche.submitPro')
        ) : (
          t('booking.fiche.submit')
        )}
      </Button>
      {hintKey && (
        <p id={`${idPrefix}-hint`} className={styles.submitHint} tabIndex={-1} data-testid="submit-hint">
          {t(hintKey)}
        </p>
      )}
    </div>
  );
}
