/** A step's loading, empty and failure states (docs/requirements/booking-flow.md §2 loading messages, §8 empty keys). */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon, type IconName } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import styles from './parts.module.css';

/** The loading indicator of an area, with its message. */
export function StepLoading({ label }: { label: string }) {
  return <Spinner label={label} />;
}

/** Nothing to choose from. */
export function StepEmpty({
  text,
  icon = 'info',
  children,
  testId = 'step-empty',
}: {
  text: ReactNode;
  icon?: IconName;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.empty} data-testid={testId} role="status">
      <span className={styles.emptyIcon} aria-hidden="true">
        <Icon name={icon} size={26} />
      </span>
      <p className={styles.emptyText}>{text}</p>
      {children && <div className={styles.emptyActions}>{children}</div>}
    </div>
  );
}

/** A list failed to load: say so and offer to try again. */
export function StepError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StepEmpty text={t('messages.genericError')} icon="alert" testId="step-error">
      <Button variant="secondary" onClick={onRetry}>
        <Icon name="refresh" size={18} />
        {t('booking.retry')}
      </Button>
    </StepEmpty>
  );
}
