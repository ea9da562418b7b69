/**
 * A form's submit button. "Enabled only when valid" (docs/requirements/accounts-and-appointments.md §4, §5) is shown with aria-disabled
 * rather than the disabled attribute: the button stays reachable by keyboard and screen reader, and
 * pressing it reveals what is missing instead of doing nothing.
 */
import type { ReactNode } from 'react';
import { Button } from '../Button.tsx';
import styles from './auth.module.css';

interface SubmitButtonProps {
  children: ReactNode;
  /** The form is not valid yet: the button looks and is announced as unavailable. */
  blocked: boolean;
  /** The request runs: the label becomes busyLabel. */
  busy: boolean;
  busyLabel: string;
  testId?: string;
  variant?: 'primary' | 'secondary' | 'danger';
}

export function SubmitButton({ children, blocked, busy, busyLabel, testId, variant }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      block
      variant={variant}
      className={styles.submit}
      aria-disabled={blocked || busy ? true : undefined}
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      {busy ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
