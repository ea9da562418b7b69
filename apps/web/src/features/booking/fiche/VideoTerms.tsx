/**
 * The video-conference terms (docs/requirements/accounts-and-appointments.md §2, §5): a checkbox the visitor must tick to book a video
 * consultation, with help that opens under it.
 */
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './fiche.module.css';

export function VideoTerms({
  accepted,
  onChange,
  showError,
}: {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  showError: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.terms} data-testid="video-terms">
      <label className={styles.termsCheck}>
        <input
          type="checkbox"
          checked={accepted}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={showError && !accepted ? true : undefined}
          aria-describedby={showError && !accepted ? `${id}-error` : undefined}
          data-testid="video-terms-checkbox"
        />
        <span>{t('booking.video.accept')}</span>
      </label>
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={`${id}-help`}
        onClick={() => setOpen(!open)}
      >
        <Icon name="info" size={16} />
        {t('booking.video.help')}
        <Icon name="chevronDown" size={16} className={open ? styles.flipped : undefined} />
      </button>
      <div id={`${id}-help`} hidden={!open} className={styles.helpText}>
        <p>{t('booking.video.helpText')}</p>
      </div>
      {showError && !accepted && (
        <p id={`${id}-error`} className={styles.error}>
          <Icon name="alert" size={16} />
          {t('booking.errors.acceptJitsi')}
        </p>
      )}
    </div>
  );
}
