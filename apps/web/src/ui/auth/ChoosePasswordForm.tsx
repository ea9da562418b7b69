/**
 * Choosing a new password (docs/requirements/accounts-and-appointments.md §4, §5): activation and reset links, the forced change and the
 * account page. New password with its live checklist, confirmation, and — on the account page — the
 * current password. Saving is possible only when the new password is valid and matches its
 * confirmation (and the current one is given when asked). The caller sends the request.
 */
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { usePart } from '../../i18n/i18n.ts';
import { Icon } from '../Icon.tsx';
import { useNotificationText } from '../NotificationBar.tsx';
import styles from './auth.module.css';
import { errorKey } from './error-key.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { newPasswordState } from './new-password.ts';
import { PasswordField } from './PasswordField.tsx';
import { SubmitButton } from './SubmitButton.tsx';

const NEW_PASSWORD_ERRORS = new Set(['passwordRules', 'passwordTooLong', 'passwordUnchanged']);
const CURRENT_PASSWORD_ERRORS = new Set(['passwordError', 'currentPasswordRequired', 'pwd.wrongPwd']);

export interface ChosenPassword {
  password: string;
  confirmation: string;
  /** The current password, when `requireCurrent`. */
  current?: string;
}

interface ChoosePasswordFormProps {
  /** The account's e-mail: the new password may not contain it (unknown on a reset link). */
  email: string | null | undefined;
  /** Sends the change; a rejection's error key is shown where it belongs. */
  onSubmit: (values: ChosenPassword) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  /** Ask for the current password first (account page). */
  requireCurrent?: boolean;
  /**
   * The page moves on after a success (activation, reset, forced change): the form then stays as
   * it is, busy, until the next page replaces it — an emptied form under the new address would
   * read as a failure while that page loads.
   */
  leavesOnSuccess?: boolean;
  autoFocus?: boolean;
  /** Shown above the fields (e.g. the address of the account). */
  before?: ReactNode;
  labelledBy?: string;
  testId?: string;
  /** The caller's words for a refusal that is not about the password (else the shared messages). */
  errorText?: (key: string) => string;
}

export function ChoosePasswordForm({
  email,
  onSubmit,
  submitLabel,
  busyLabel,
  requireCurrent,
  leavesOnSuccess,
  autoFocus,
  before,
  labelledBy,
  testId = 'password-form',
  errorText,
}: ChoosePasswordFormProps) {
  const { t } = usePart('account');
  const text = useNotificationText();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const state = newPasswordState(password, confirmation, email);
  const currentMissing = requireCurrent && [...current].length === 0;
  const valid = state.valid && !currentMissing;
  const currentError =
    serverError && CURRENT_PASSWORD_ERRORS.has(serverError)
      ? serverError
      : attempted && currentMissing
        ? 'currentPasswordRequired'
        : null;
  const newError = serverError && NEW_PASSWORD_ERRORS.has(serverError) ? serverError : null;
  const formError =
    serverError && !NEW_PASSWORD_ERRORS.has(serverError) && !CURRENT_PASSWORD_ERRORS.has(serverError)
      ? serverError
      : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!valid) {
      setAttempted(true);
      // Let React mark the fields first, then move to the first one in error.
      setTimeout(() => form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      await onSubmit({ password, confirmation, ...(requireCurrent ? { current } : {}) });
    } catch (error) {
      setServerError(errorKey(error));
      setBusy(false);
      return;
    }
    if (leavesOnSuccess) return;
    setCurrent('');
    setPassword('');
    setConfirmation('');
    setAttempted(false);
    setBusy(false);
  };

  return (
    <form
      ref={form}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby={labelledBy}
      data-testid={testId}
    >
      {before}
      {requireCurrent && (
        <PasswordField
          label={t('account.password.current')}
          value={current}
          onChange={(value) => {
            setCurrent(value);
            if (serverError && CURRENT_PASSWORD_ERRORS.has(serverError)) setServerError(null);
          }}
          autoComplete="current-password"
          error={currentError}
          name="current-password"
          testId="current-password"
        />
      )}
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={(value) => {
          setPassword(value);
          if (newError) setServerError(null);
        }}
        onConfirmationChange={setConfirmation}
        email={email}
        showErrors={attempted}
        serverError={newError}
        autoFocus={autoFocus && !requireCurrent}
      />
      {formError && (
        <div className={styles.alert} data-testid="password-form-error">
          <Icon name="alert" />
          <span>{(errorText ?? text)(formError)}</span>
        </div>
      )}
      <SubmitButton blocked={!valid} busy={busy} busyLabel={busyLabel} testId="password-submit">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
