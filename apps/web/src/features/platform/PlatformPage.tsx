/**
 * /platform — the platform administrators' page (docs/back-office.md "Sign-up and platform";
 * docs/decisions/014-platform-administrators.md): every group, with its state and bookings, closed
 * or reopened from here, and new ones created for businesses whose owners are invited. Outside any group, so it logs in without one; the server alone decides
 * who administers the platform, and anyone else is told so.
 */
import { useId } from 'react';
import { ApiError } from '../../api/client.ts';
import { usePlatformGroups } from '../../api/platform.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useCurrentSession } from '../../api/session-current.ts';
import { useLogout } from '../../api/session-logout.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useQueryClient } from '../../query/query.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageMessage } from '../../ui/PageMessage.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginForm } from '../auth/LoginForm.tsx';
import { CreateGroupForm } from './CreateGroupForm.tsx';
import { PlatformGroups } from './PlatformGroups.tsx';
import styles from './platform.module.css';

export function PlatformPage() {
  const { t } = usePart('admin');
  const titleId = useId();
  const client = useQueryClient();
  const session = useCurrentSession();
  const logged = session.data?.logged === true;
  const groups = usePlatformGroups(logged);
  const logout = useLogout();
  const refused =
    groups.error instanceof ApiError && (groups.error.status === 403 || groups.error.status === 401);

  if (session.isPending) return <Spinner label={t('admin.loading')} />;

  if (!logged)
    return (
      <div className={styles.narrow}>
        <section className={styles.card} aria-labelledby={titleId} data-testid="platform-login">
          <h1 id={titleId}>{t('admin.platform.title')}</h1>
          <p className={styles.lead}>{t('admin.platform.loginLead')}</p>
          <LoginForm
            labelledBy={titleId}
            autoFocus
            onSuccess={() => void client.invalidateQueries({ queryKey: queryKeys.platformGroups })}
          />
        </section>
      </div>
    );

  const email = session.data?.account?.email ?? session.data?.pro?.email ?? '';
  if (refused)
    return (
      <PageMessage
        icon="shield"
        tone="warning"
        title={t('admin.platform.refusedTitle')}
        testId="platform-refused"
        actions={
          <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
            <Icon name="logout" />
            {t('admin.platform.logout')}
          </Button>
        }
      >
        <p>{t('admin.platform.refusedText', { email })}</p>
      </PageMessage>
    );

  return (
    <div className={styles.page} data-testid="platform-page">
      <header className={styles.header}>
        <div>
          <h1>{t('admin.platform.title')}</h1>
          <p className={styles.lead}>{t('admin.platform.lead', { email })}</p>
        </div>
        <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <Icon name="logout" />
          {t('admin.platform.logout')}
        </Button>
      </header>
      {groups.isPending && <Spinner label={t('admin.loading')} />}
      {groups.isError && !refused && (
        <div className={styles.failed}>
          <p role="alert">{t('admin.platform.failed')}</p>
          <Button variant="secondary" onClick={() => void groups.refetch()}>
            <Icon name="refresh" />
            {t('admin.platform.retry')}
          </Button>
        </div>
      )}
      <CreateGroupForm />
      {groups.data && <PlatformGroups groups={groups.data} />}
    </div>
  );
}
