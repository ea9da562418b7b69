/**
 * /set_password (docs/requirements/accounts-and-appointments.md §2, §4, §8): a login whose password no longer meets the rules must choose
 * a new one before anything else. Reachable only after the notification that asks for it; otherwise
 * "not found". Success goes back to the group the visitor came from.
 */
import { useId } from 'react';
import { useUpdatePassword } from '../../api/account-password.ts';
import { useCurrentSession } from '../../api/session-current.ts';
import { lastGroup } from '../../app/last-group.ts';
import { withoutParams } from '../../app/startup/email-link.ts';
import { usePart } from '../../i18n/i18n.ts';
import { Navigate, useLocation, useNavigate } from '../../routing/routing.ts';
import { ChoosePasswordForm } from '../../ui/auth/ChoosePasswordForm.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { clearPasswordChangeRequest, notify, useNotificationStore } from '../../ui/notification-store.ts';
import { AuthCard } from './AuthCard.tsx';
import styles from './account.module.css';

export function SetPasswordPage() {
  const { t } = usePart('account');
  const { search } = useLocation();
  const navigate = useNavigate();
  const session = useCurrentSession();
  const titleId = useId();
  const requested = useNotificationStore((state) => state.passwordChangeRequested);
  const accountId = Number(new URLSearchParams(search).get('account_id')) || session.data?.account?.id || 0;
  const setPassword = useUpdatePassword(accountId);
  if (!requested) return <Navigate replace to={{ pathname: '/not_found', search }} />;
  const email = session.data?.account?.email ?? null;
  return (
    <AuthCard
      icon="shield"
      title={t('pages.setPassword.title')}
      titleId={titleId}
      lead={t('pages.setPassword.text')}
    >
      <ChoosePasswordForm
        leavesOnSuccess
        email={email}
        labelledBy={titleId}
        autoFocus
        testId="set-password-form"
        before={
          email ? (
            <p className={styles.sentTo}>
              <Icon name="user" />
              {email}
            </p>
          ) : null
        }
        submitLabel={t('account.reset.save')}
        busyLabel={t('account.reset.saving')}
        onSubmit={async ({ password, confirmation }) => {
          await setPassword.mutateAsync({
            password,
            password_confirmation: confirmation,
            api_user_id: accountId,
            api_profile: 'Account',
          });
          clearPasswordChangeRequest();
          notify('passwordChanged', { tone: 'success' });
          const group = lastGroup();
          navigate(
            { pathname: group ? `/${group.urlname}` : '/', search: withoutParams(search, ['account_id']) },
            { replace: true },
          );
        }}
      />
    </AuthCard>
  );
}
