/**
 * The booking summary's title. On phones and tablets it is the button that unfolds the summary,
 * and while folded it shows the booking on one line: the first service, how many more, the date
 * and time.
 */
import { useTranslation } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './BookingSummary.module.css';

interface SummaryTitleProps {
  editing: boolean;
  /** Folding applies (narrow window); whether the summary is open. */
  narrow: boolean;
  open: boolean;
  onToggle: () => void;
  /** The one line shown while folded. */
  oneLine: string;
}

export function SummaryTitle({ editing, narrow, open, onToggle, oneLine }: SummaryTitleProps) {
  const { t } = useTranslation();
  return (
    <h2 id="booking-summary-title" className={styles.title}>
      {narrow ? (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls="booking-summary-body"
          onClick={onToggle}
          data-testid="summary-toggle"
        >
          <span className={styles.toggleText}>
            <span>{editing ? t('booking.summary.editingTitle') : t('booking.summary.title')}</span>
            {!open && <span className={styles.oneLine}>{oneLine}</span>}
          </span>
          <Icon name="chevronDown" size={20} className={open ? styles.flipped : undefined} />
        </button>
      ) : editing ? (
        t('booking.summary.editingTitle')
      ) : (
        t('booking.summary.title')
      )}
    </h2>
  );
}
