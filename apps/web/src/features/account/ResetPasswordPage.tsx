/**
 * /{urlname}/reset_password (docs/requirements/accounts-and-appointments.md §2, §4, §5): asks for the address and e-mails a reset link
 * (the answer is the same whether an account exists); the link comes back here with oubliKey and
 * account_id, and the new password is chosen — which also logs the visitor in.
 */
import { validateEmail } from '@creneau/core/validation/email';
import { type FormEvent, useId, useState } from 'react';
import { useForgotPassword } from '../../api/account-forgot-password.ts';
import { useUpdatePassword } from '../../api/account-password.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Link, useLocation, useNavigate } from '../../routing/routing.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { ChoosePasswordForm } from '../../ui/auth/ChoosePasswordForm.tsx';
import { EmailField } from '../../ui/auth/EmailField.tsx';
import { errorKey } from '../../ui/auth/error-key.ts';
import { SubmitButton } from '../../ui/auth/SubmitButton.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useNotificationText } from '../../ui/NotificationBar.tsx';
import { notify } from '../../ui/notification-store.ts';
import { AuthCard } from './AuthCard.tsx';
import { useAfterLogin, useCleanLink } from './account-navigation.ts';

export function ResetPasswordPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const oubliKey = params.get('oubliKey');
  const accountId = Number(params.get('account_id'));
  return oubliKey && accountId ? (
    <NewPasswordFromLink oubliKey={oubliKey} accountId={accountId} />
  ) : (
    <ResetRequest />
  );
}

function ResetRequest() {
  const { t } = usePart('account');
  const text = useNotificationText();
  const { group } = useGroupContext();
  const { search } = useLocation();
  const navigate = useNavigate();
  const link = useCleanLink();
  const titleId = useId();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState(() => new URLSearchParams(search).get('email') ?? '');
  const [touched, setTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<{ key: string; email: string } | null>(null);
  const trimmed = email.trim();
  const rule = validateEmail(trimmed);
  // docs/requirements/accounts-and-appointments.md §5: the server's error stays only while the address is the one it was about.
  const shownServerError = serverError && serverError.email === trimmed ? serverError.key : null;
  const emailError =
    ((touched && email !== '') || attempted) && rule
      ? rule
      : shownServerError === 'emailValidator'
        ? shownServerError
        : null;
  const formError = shownServerError && shownServerError !== 'emailValidator' ? shownServerError : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (forgot.isPending) return;
    if (rule) {
      setAttempted(true);
      return;
    }
    forgot.mutate(
      { email: trimmed, groupId: group.id },
      {
        onSuccess: () => navigate(link('reset_password_confirm'), { state: { email: trimmed } }),
        onError: (error) => {
          const key = errorKey(error);
          setServerError({ key, email: trimmed });
          notify(key);
        },
      },
    );
  };

  if (group.sso_login_only) {
    return (
      <AuthCard
        icon="shield"
        title={t('pages.resetPassword.title')}
        titleId={titleId}
        lead={t('messages.ssoLoginOnly')}
      >
        <Link to={link('login')}>{t('account.reset.backToLogin')}</Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon="shield"
      title={t('pages.resetPassword.title')}
      titleId={titleId}
      lead={t('account.reset.lead')}
      testId="reset-password"
      footer={
        <p>
          <Link to={link('login')}>{t('account.reset.backToLogin')}</Link>
          {' · '}
          <Link to={link('register')}>{t('account.login.createAccount')}</Link>
        </p>
      }
    >
      <form className={authStyles.form} onSubmit={submit} noValidate aria-labelledby={titleId}>
        <EmailField
          label={t('account.fields.email')}
          value={email}
          onChange={setEmail}
          onBlur={() => setTouched(true)}
          error={emailError}
          autoComplete="username"
          autoFocus
          testId="reset-email"
        />
        {formError && (
          <div className={authStyles.alert}>
            <Icon name="alert" />
            <span>{text(formError)}</span>
          </div>
        )}
        <SubmitButton
          blocked={rule !== null}
          busy={forgot.isPending}
          busyLabel={t('account.reset.busy')}
          testId="reset-submit"
        >
          {t('account.reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

function NewPasswordFromLink({ oubliKey, accountId }: { oubliKey: string; accountId: number }) {
  const { t } = usePart('account');
  const setPassword = useUpdatePassword(accountId);
  const { group } = useGroupContext();
  const afterLogin = useAfterLogin();
  const link = useCleanLink();
  const titleId = useId();
  return (
    <AuthCard
      icon="shield"
      title={t('account.reset.newTitle')}
      titleId={titleId}
      lead={t('account.reset.newLead')}
      testId="reset-new-password"
      footer={<Link to={link('reset_password')}>{t('account.reset.askAgain')}</Link>}
    >
      <ChoosePasswordForm
        leavesOnSuccess
        email={null}
        labelledBy={titleId}
        autoFocus
        submitLabel={t('account.reset.save')}
        busyLabel={t('account.reset.saving')}
        onSubmit={async ({ password, confirmation }) => {
          await setPassword.mutateAsync({
            group_id: group.id,
            password,
            password_confirmation: confirmation,
            oubliKey,
          });
          notify('passwordChanged', { tone: 'success' });
          afterLogin({ type: 'user' });
        }}
      />
    </AuthCard>
  );
}
