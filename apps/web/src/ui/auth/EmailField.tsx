/** The e-mail input of the customer forms: the spec's pattern checked by the caller, errors under it. */
import { EMAIL_MAX_LENGTH } from '@creneau/core/validation/email';
import { useId } from 'react';
import styles from './auth.module.css';
import { FieldError } from './FieldMessage.tsx';

interface EmailFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A `messages.*` key shown under the field (emailValidator, emailUsing, emailAlreadyExists…). */
  error?: string | null;
  hint?: string;
  autoComplete?: 'email' | 'username';
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
  testId?: string;
}

export function EmailField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  autoComplete = 'email',
  disabled,
  autoFocus,
  name = 'email',
  testId,
}: EmailFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={styles.input}
        type="email"
        inputMode="email"
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={EMAIL_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        // biome-ignore lint/a11y/noAutofocus: only on pages whose one job is this form
        autoFocus={autoFocus}
        data-testid={testId}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
