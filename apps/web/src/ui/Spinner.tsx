/** The loading indicator: a spinner with an animated-dots message (docs/requirements/booking-flow.md §2 screen 1). */
import { loadingMessage, useTranslation } from '../i18n/i18n.ts';
import styles from './Spinner.module.css';

interface SpinnerProps {
  /** Text shown under the spinner; defaults to "Loading". */
  label?: string;
  /** Fill most of the viewport (page-level loading). */
  page?: boolean;
  small?: boolean;
}

/** A polite live region announcing the loading state. */
export function Spinner({ label, page, small }: SpinnerProps) {
  // Re-renders when texts or the language change.
  useTranslation();
  // In the page's language only: before its texts arrive, the server's message or none.
  const text = label ?? loadingMessage();
  return (
    <div
      className={[styles.wrap, page && styles.page, small && styles.small].filter(Boolean).join(' ')}
      role="status"
      aria-live="polite"
    >
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.dots}>{text}</span>
    </div>
  );
}
