/**
 * /{urlname}/invitation?key=… — joining a group's staff from the mailed link (docs/back-office.md
 * "Invitations"). What the page offers depends on the invited address: a new work account (name
 * and password), a login with the account that has that address, or — for a customer account —
 * the explanation that a work account needs another address. Joined, the person lands in the back
 * office.
 */
import { type ReactNode, useId, useState } from 'react';
import {
  type InvitationDetails,
  useAcceptInvitation,
  useInvitationDetails,
} from '../../api/admin-invitations.ts';
import { ApiError } from '../../api/client.ts';
import { useLogout } from '../../api/session-logout.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { groupPath } from '../../app/paths.ts';
import { isLogged } from '../../app/startup/access.ts';
import { withoutParams } from '../../app/startup/email-link.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { useLocation, useNavigate } from '../../routing/routing.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { errorKey } from '../../ui/auth/error-key.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AuthCard } from './AuthCard.tsx';
import styles from './account.module.css';
import { cleanSearch } from './account-navigation.ts';
import { knownInvitationError } from './invitation-errors.ts';
import { NewAccountForm } from './NewAccountForm.tsx';

export function InvitationPage() {
  const { t } = usePart('account');
  const { search } = useLocation();
  const key = new URLSearchParams(search).get('key') ?? '';
  const token = useSessionToken();
  const details = useInvitationDetails(key, token);
  const titleId = useId();

  if (details.isPending && key !== '') return <Spinner page label={t('account.invitation.loading')} />;
  if (!details.data) {
    const gone = key === '' || (details.error instanceof ApiError && details.error.status < 500);
    return (
      <AuthCard
        icon="alert"
        title={t(gone ? 'account.invitation.gone.title' : 'account.invitation.failed.title')}
        titleId={titleId}
        lead={t(gone ? 'account.invitation.gone.lead' : 'account.invitation.failed.lead')}
        testId="invitation-gone"
      >
        {!gone && (
          <Button variant="secondary" onClick={() => void details.refetch()}>
            {t('account.invitation.failed.retry')}
          </Button>
        )}
      </AuthCard>
    );
  }
  return <Invitation invitation={details.data} invitationKey={key} titleId={titleId} />;
}

function Invitation({
  invitation,
  invitationKey,
  titleId,
}: {
  invitation: InvitationDetails;
  invitationKey: string;
  titleId: string;
}) {
  const { t } = usePart('account');
  const { session } = useGroupContext();
  const { search } = useLocation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);
  const group = invitation.group.name;
  const role = t(`account.invitation.role.${invitation.role}`);
  const admin = groupPath(invitation.group.urlname, 'admin');

  const join = async (fields: { name?: string; password?: string } = {}) => {
    setError(null);
    await accept.mutateAsync({ key: invitationKey, ...fields });
    navigate({ pathname: admin, search: cleanSearch(withoutParams(search, ['key'])) }, { replace: true });
  };
  const failed = (cause: unknown) => setError(errorKey(cause));

  let body: ReactNode;
  if (invitation.account === 'customer') {
    body = (
      <p className={authStyles.alert} data-testid="invitation-customer">
        <Icon name="alert" />
        <span>{t('account.invitation.customer', { group })}</span>
      </p>
    );
  } else if (invitation.account === 'none') {
    body = (
      <NewAccountForm
        email={invitation.email}
        onJoin={join}
        titleId={titleId}
        errorText={(key) => t(`account.invitation.errors.${knownInvitationError(key)}`)}
      />
    );
  } else if (invitation.signed_in) {
    body = (
      <div className={styles.invitationActions}>
        <p>{t('account.invitation.signedIn', { email: invitation.email })}</p>
        <Button
          block
          disabled={accept.isPending}
          onClick={() => void join().catch(failed)}
          data-testid="invitation-join"
        >
          {accept.isPending ? t('account.invitation.joining') : t('account.invitation.join', { group })}
        </Button>
      </div>
    );
  } else if (isLogged(session)) {
    // Logged in, but with another account: that one cannot accept for the invited address.
    body = (
      <div className={styles.invitationActions}>
        <p>{t('account.invitation.otherAccount', { email: invitation.email })}</p>
        <Button
          variant="secondary"
          block
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
          data-testid="invitation-logout"
        >
          {t('account.invitation.logout')}
        </Button>
      </div>
    );
  } else {
    const params = new URLSearchParams(search);
    params.set('email', invitation.email);
    body = (
      <div className={styles.invitationActions}>
        <p>{t('account.invitation.loginFirst', { email: invitation.email })}</p>
        <Button
          block
          onClick={() =>
            navigate(
              { pathname: groupPath(invitation.group.urlname, 'login'), search: `?${params}` },
              { state: { returnTo: groupPath(invitation.group.urlname, 'invitation') } },
            )
          }
          data-testid="invitation-login"
        >
          {t('account.invitation.login')}
        </Button>
      </div>
    );
  }

  return (
    <AuthCard
      icon="user"
      title={t('account.invitation.title', { group })}
      titleId={titleId}
      lead={t('account.invitation.lead', { email: invitation.email, group, role })}
      testId="invitation"
    >
      {body}
      {error && (
        <p className={authStyles.alert} role="alert" data-testid="invitation-error">
          <Icon name="alert" />
          <span>{t(`account.invitation.errors.${knownInvitationError(error)}`)}</span>
        </p>
      )}
    </AuthCard>
  );
}
