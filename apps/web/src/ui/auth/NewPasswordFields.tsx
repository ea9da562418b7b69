/**
 * New password, its live checklist and the confirmation (docs/requirements/accounts-and-appointments.md §5). Controlled: the form owns
 * the values and asks newPasswordState() whether saving is allowed.
 */
import { useId, useState } from 'react';
import { usePart } from '../../i18n/i18n.ts';
import { newPasswordState } from './new-password.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { PasswordField } from './PasswordField.tsx';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** The account's e-mail: the password may not contain it. */
  email: string | null | undefined;
  /** Show every error now (after an attempt to save). */
  showErrors: boolean;
  /** An error the server gave for the new password. */
  serverError?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Label of the first field ("New password" by default). */
  label?: string;
}

export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  email,
  showErrors,
  serverError,
  disabled,
  autoFocus,
  label,
}: NewPasswordFieldsProps) {
  const { t } = usePart('account');
  const checklistId = useId();
  const [confirmTouched, setConfirmTouched] = useState(false);
  const state = newPasswordState(password, confirmation, email);
  const passwordError = serverError ?? (showErrors ? state.passwordError : null);
  const confirmError =
    (showErrors || (confirmTouched && confirmation !== '')) && state.confirmError ? state.confirmError : null;
  return (
    <>
      <PasswordField
        label={label ?? t('account.password.new')}
        value={password}
        onChange={onPasswordChange}
        autoComplete="new-password"
        describedBy={checklistId}
        error={passwordError}
        disabled={disabled}
        autoFocus={autoFocus}
        name="new-password"
        testId="new-password"
      />
      <PasswordChecklist id={checklistId} password={password} email={email} />
      <PasswordField
        label={t('account.password.confirm')}
        value={confirmation}
        onChange={onConfirmationChange}
        onBlur={() => setConfirmTouched(true)}
        autoComplete="new-password"
        error={confirmError}
        disabled={disabled}
        name="password-confirmation"
        testId="password-confirmation"
      />
    </>
  );
}
