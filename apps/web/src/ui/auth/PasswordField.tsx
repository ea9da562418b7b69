/**
 * A password input with a show/hide switch. New passwords are capped at the spec's 20 characters
 * (docs/requirements/accounts-and-appointments.md §5, §9), with a visible note once the cap is reached so nothing is cut silently.
 */
import { useId, useState } from 'react';
import { usePart } from '../../i18n/i18n.ts';
import styles from './auth.module.css';
import { ExtraIcon } from './extra-icons.tsx';
import { FieldError } from './FieldMessage.tsx';
import { PASSWORD_INPUT_CAP, PASSWORD_LOGIN_CAP } from './password-cap.ts';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  autoComplete: 'current-password' | 'new-password';
  /** Ids of elements describing the field (the checklist). */
  describedBy?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
  testId?: string;
}

export function PasswordField({
  label,
  value,
  onChange,
  onBlur,
  error,
  autoComplete,
  describedBy,
  disabled,
  autoFocus,
  name = 'password',
  testId,
}: PasswordFieldProps) {
  const { t } = usePart('account');
  const id = useId();
  const [visible, setVisible] = useState(false);
  const cap = autoComplete === 'new-password' ? PASSWORD_INPUT_CAP : PASSWORD_LOGIN_CAP;
  const atCap = autoComplete === 'new-password' && [...value].length >= cap;
  const errorId = `${id}-error`;
  const capId = `${id}-cap`;
  const described =
    [error ? errorId : null, atCap ? capId : null, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          name={name}
          className={`${styles.input} ${styles.withToggle}`}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={cap}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          disabled={disabled}
          // biome-ignore lint/a11y/noAutofocus: only on pages whose one job is this form
          autoFocus={autoFocus}
          data-testid={testId}
        />
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={t('account.password.show')}
          aria-controls={id}
          disabled={disabled}
        >
          <ExtraIcon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      </div>
      {atCap && (
        <p id={capId} className={styles.hint}>
          {t('account.password.cap', { max: PASSWORD_INPUT_CAP })}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
