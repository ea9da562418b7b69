/**
 * The login form (docs/requirements/accounts-and-appointments.md §2 login, §4 Session, §5 Login, §8): e-mail and password checked as the
 * user types, the submit button usable only when both are valid, the server's error shown under the
 * field it concerns (email, password) or above the button (credentials, blocked, not activated…),
 * and a notification. Self-contained: the page decides what a success leads to (`onSuccess`), so the
 * booking flow's login step uses the same form.
 */
import { validateEmail } from '@creneau/core/validation/email';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useRegister } from '../../api/account-register.ts';
import type { Group } from '../../api/group.ts';
import { type LoginResponse, useLogin } from '../../api/session-login.ts';
import { usePart } from '../../i18n/i18n.ts';
import styles from '../../ui/auth/auth.module.css';
import { EmailField } from '../../ui/auth/EmailField.tsx';
import { errorKey } from '../../ui/auth/error-key.ts';
import { PasswordField } from '../../ui/auth/PasswordField.tsx';
import { SubmitButton } from '../../ui/auth/SubmitButton.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useNotificationText } from '../../ui/NotificationBar.tsx';
import { notify } from '../../ui/notification-store.ts';

/** Which part of the form a login error belongs to (docs/requirements/accounts-and-appointments.md §4: email, password, credential). */
export function loginErrorField(key: string): 'email' | 'password' | 'form' {
  if (key === 'emailError' || key === 'emailValidator') return 'email';
  if (key === 'passwordError' || key === 'passwordLength') return 'password';
  return 'form';
}

export interface LoginFormProps {
  /** The group the login is made from; none for the pages outside any group (the platform's). */
  group?: Pick<Group, 'id'>;
  /** Called after a successful login; the new session is already in place. */
  onSuccess: (response: LoginResponse) => void;
  /** Pre-filled address (from an activation or e-mail-change link). */
  initialEmail?: string | undefined;
  /** The activation link's key, or the e-mail-change link's key with tempEmail. */
  validationKey?: string | undefined;
  tempEmail?: string | undefined;
  /** Under the password field: e.g. the link to the forgotten-password page. */
  passwordExtra?: ReactNode;
  /** Id of the heading naming the form. */
  labelledBy?: string;
  autoFocus?: boolean;
}

interface ServerError {
  key: string;
  field: 'email' | 'password' | 'form';
  /** The e-mail sent with the failed attempt: an error about it is shown while it is unchanged. */
  email: string;
}

export function LoginForm({
  group,
  onSuccess,
  initialEmail = '',
  validationKey,
  tempEmail,
  passwordExtra,
  labelledBy,
  autoFocus,
}: LoginFormProps) {
  const { t } = usePart('account');
  const text = useNotificationText();
  const login = useLogin();
  const activationMail = useRegister();
  const formErrorId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: initialEmail !== '', password: false });
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const [resent, setResent] = useState<'idle' | 'busy' | 'done'>('idle');
  // Logged in: the next page is on its way; the form stays, busy, until it replaces it.
  const [leaving, setLeaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const trimmed = email.trim();
  const emailRule = validateEmail(trimmed);
  // Any password the person types goes to the server, whatever its length: the password rules
  // are for new passwords only, and an older, shorter one must still log in (and is then asked to
  // change, docs/web-app.md). Only an empty field stops the form.
  const passwordRule = password === '' ? 'currentPasswordRequired' : null;
  const valid = emailRule === null && passwordRule === null;
  const current = serverError && serverError.email === trimmed ? serverError : null;

  const emailError =
    ((touched.email && email !== '') || attempted) && emailRule
      ? emailRule
      : current?.field === 'email'
        ? current.key
        : null;
  const passwordError =
    attempted && passwordRule ? passwordRule : current?.field === 'password' ? current.key : null;
  const formError = current?.field === 'form' ? current.key : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending || leaving) return;
    if (!valid) {
      setAttempted(true);
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"], input:invalid')?.focus();
      return;
    }
    const account: Parameters<typeof login.mutate>[0]['account'] = group ? { group_id: group.id } : {};
    if (validationKey) account.validation_key = validationKey;
    if (tempEmail) account.temp_email = tempEmail;
    login.mutate(
      { credentials: { email: trimmed, password }, account },
      {
        onSuccess: (response) => {
          setPassword('');
          setServerError(null);
          setLeaving(true);
          if (response.emailChanged) notify('emailChangeConfirmed', { tone: 'success' });
          onSuccess(response);
        },
        onError: (error) => {
          const key = errorKey(error);
          setPassword('');
          setTouched((was) => ({ ...was, password: false }));
          setAttempted(false);
          setServerError({ key, field: loginErrorField(key), email: trimmed });
          setResent('idle');
          notify(key);
        },
      },
    );
  };

  const resendActivation = async () => {
    if (!group) return;
    setResent('busy');
    try {
      await activationMail.mutateAsync({ group_id: group.id, email: trimmed });
      setResent('done');
      notify('activationMailSent', { tone: 'success' });
    } catch (error) {
      setResent('idle');
      notify(errorKey(error));
    }
  };

  return (
    <form
      ref={form}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby={labelledBy}
      data-testid="login-form"
    >
      <EmailField
        label={t('account.fields.email')}
        value={email}
        onChange={setEmail}
        onBlur={() => setTouched((was) => ({ ...was, email: true }))}
        error={emailError}
        autoComplete="username"
        autoFocus={autoFocus}
        testId="login-email"
      />
      <PasswordField
        label={t('account.fields.password')}
        value={password}
        onChange={setPassword}
        onBlur={() => setTouched((was) => ({ ...was, password: true }))}
        error={passwordError}
        autoComplete="current-password"
        testId="login-password"
      />
      {passwordExtra}
      {formError && (
        <div id={formErrorId} className={styles.alert} data-testid="login-error">
          <Icon name="alert" />
          <div className={styles.alertBody}>
            <span>{text(formError)}</span>
            {formError === 'blockedUser' && <p>{t('account.login.blockedHint')}</p>}
            {formError === 'accountNotActivated' &&
              group &&
              (resent === 'done' ? (
                <p>{t('account.login.activationResent', { email: trimmed })}</p>
              ) : (
                <p>
                  {t('account.login.notActivatedHint')}{' '}
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={resendActivation}
                    disabled={resent === 'busy'}
                  >
                    {t('account.login.resendActivation')}
                  </button>
                </p>
              ))}
          </div>
        </div>
      )}
      <SubmitButton
        blocked={!valid}
        busy={login.isPending || leaving}
        busyLabel={t('account.login.busy')}
        testId="login-submit"
      >
        {t('account.login.submit')}
      </SubmitButton>
    </form>
  );
}
