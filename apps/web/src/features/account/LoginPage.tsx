/**
 * /{urlname}/login (docs/requirements/accounts-and-appointments.md §2, §4): e-mail and password, links to register and to the forgotten
 * password, the group's custom text. The activation link lands here too: with a password chosen at
 * registration the visitor logs in to activate; without one (set_password=1) a password is chosen
 * first. The e-mail-change link (validation_key + temp_email) asks to log in to confirm the address.
 */
import { useId } from 'react';
import { useUpdatePassword } from '../../api/account-password.ts';
import { currentSessionQuery } from '../../api/session-current.ts';
import { getSessionToken } from '../../api/session-token.ts';
import { isLogged } from '../../app/startup/access.ts';
import { usePart } from '../../i18n/i18n.ts';
import { appConfig } from '../../lib/config.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { queryClient } from '../../lib/query-client.ts';
import { Link, Navigate, useLocation } from '../../routing/routing.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { ChoosePasswordForm } from '../../ui/auth/ChoosePasswordForm.tsx';
import { ButtonAnchor } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../../ui/notification-store.ts';
import { RichText } from '../../ui/RichText.tsx';
import { LoginForm } from '../auth/LoginForm.tsx';
import { AuthCard } from './AuthCard.tsx';
import styles from './account.module.css';
import { cleanSearch, returnPathOf, useAfterLogin, useCleanLink } from './account-navigation.ts';

/** The single sign-on entry of a group, coming back to `returnTo` afterwards. */
export function ssoLoginHref(urlname: string, returnTo: string): string {
  return `${appConfig.apiBase}/auth/sso/${encodeURIComponent(urlname)}/login?return_to=${encodeURIComponent(returnTo)}`;
}

export function LoginPage() {
  const { t } = usePart('account');
  const { group, session } = useGroupContext();
  const { search, state } = useLocation();
  const link = useCleanLink();
  const afterLogin = useAfterLogin();
  const titleId = useId();
  const params = new URLSearchParams(search);
  const validationKey = params.get('validation_key') ?? undefined;
  const tempEmail = params.get('temp_email') ?? undefined;
  const email = params.get('email') ?? undefined;
  const accountId = Number(params.get('account_id'));
  const choosePassword = Boolean(
    validationKey && !tempEmail && params.get('set_password') === '1' && accountId,
  );
  const setPassword = useUpdatePassword(accountId);

  // Someone already logged in has nothing to do here — unless a link asks them to log in again.
  if (isLogged(session) && session.account?.id !== 0 && !validationKey) {
    // The session can arrive before the form's own success handler runs: the page that sent the
    // visitor here (navigation state `returnTo`) is honoured on this path too.
    const back = returnPathOf(state, group.urlname);
    return (
      <Navigate
        replace
        to={
          back
            ? { pathname: back, search: cleanSearch(search) }
            : link(session.type === 'pro' ? '' : 'appointments')
        }
      />
    );
  }

  const ssoButton = group.sso_provider ? (
    <ButtonAnchor
      variant="secondary"
      block
      href={ssoLoginHref(group.urlname, `/${group.urlname}/appointments`)}
    >
      <Icon name="shield" />
      {t('account.login.sso')}
    </ButtonAnchor>
  ) : null;

  if (group.sso_login_only) {
    return (
      <AuthCard
        icon="shield"
        title={t('pages.login.title')}
        titleId={titleId}
        lead={t('messages.ssoLoginOnly')}
      >
        {ssoButton}
      </AuthCard>
    );
  }

  if (choosePassword && validationKey) {
    return (
      <AuthCard
        icon="shield"
        title={t('account.activate.title')}
        titleId={titleId}
        lead={t('account.activate.choosePasswordLead')}
        testId="activation-password"
      >
        <ChoosePasswordForm
          leavesOnSuccess
          email={email}
          labelledBy={titleId}
          autoFocus
          before={
            email ? (
              <p className={styles.sentTo}>
                <Icon name="mail" />
                {email}
              </p>
            ) : null
          }
          submitLabel={t('account.activate.submit')}
          busyLabel={t('account.activate.busy')}
          onSubmit={async ({ password, confirmation }) => {
            await setPassword.mutateAsync({
              group_id: group.id,
              password,
              password_confirmation: confirmation,
              validation_key: validationKey,
            });
            notify('accountActivated', { tone: 'success' });
            // A booking chosen before registering travels with the account (docs/requirements/accounts-and-appointments.md §4).
            const activated = queryClient.getQueryData(currentSessionQuery(getSessionToken()).queryKey);
            afterLogin({
              type: 'user',
              pendingRdv: (activated?.pendingRdv as Record<string, unknown> | null) ?? null,
            });
          }}
        />
      </AuthCard>
    );
  }

  const notice = validationKey ? (
    <div className={`${authStyles.notice}`} data-testid="login-link-notice">
      <Icon name="info" />
      <span>
        {tempEmail
          ? t('account.login.confirmEmailChange', { email: tempEmail })
          : t('account.login.activateByLogin')}
      </span>
    </div>
  ) : null;
  const customText = group.apptemplates?.login_text?.trim();

  return (
    <AuthCard
      icon="user"
      title={t('pages.login.title')}
      titleId={titleId}
      lead={t('account.login.lead', { name: group.name })}
      testId="login-page"
      footer={
        <p>
          {t('account.login.noAccount')} <Link to={link('register')}>{t('account.login.createAccount')}</Link>
        </p>
      }
    >
      {notice}
      {customText && <RichText className={styles.customText} text={customText} />}
      <LoginForm
        group={group}
        labelledBy={titleId}
        initialEmail={email}
        validationKey={validationKey}
        tempEmail={tempEmail}
        autoFocus={!email}
        passwordExtra={
          <Link className={styles.forgot} to={link('reset_password')} data-testid="forgot-password">
            {t('account.login.forgotPassword')}
          </Link>
        }
        onSuccess={(response) => {
          if (validationKey && !tempEmail) notify('accountActivated', { tone: 'success' });
          if (!response.needPasswordChange) afterLogin(response);
        }}
      />
      {ssoButton && (
        <>
          <p className={styles.divider}>{t('account.login.or')}</p>
          {ssoButton}
        </>
      )}
    </AuthCard>
  );
}
