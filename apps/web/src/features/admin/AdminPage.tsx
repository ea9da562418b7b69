/**
 * /{urlname}/admin — the back office (docs/back-office.md): who may enter, then the agenda. A visitor
 * without a session goes to the group's login page and comes back here after it; a person whose
 * membership carries no `agenda.read` (a customer, a call-centre member, a member of another group)
 * gets the no-access page. The server refuses the calls anyway (docs/decisions/013-staff-roles.md);
 * this page only avoids showing what it would refuse. Past the door, the sections' tabs and the
 * section the address names: each opens only for the right it needs (AdminNav.tsx).
 */
import type { ReactElement } from 'react';
import { useMembership } from '../../api/admin-membership.ts';
import { ApiError } from '../../api/client.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { ErrorMessage } from '../../app/group/ErrorMessage.tsx';
import { groupPath, useGroupLink } from '../../app/paths.ts';
import { isLogged } from '../../app/startup/access.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Navigate, Route, Routes } from '../../routing/routing.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { ADMIN_SECTIONS, AdminNav } from './AdminNav.tsx';
import { AgendaScreen } from './AgendaScreen.tsx';
import { AbsencesScreen } from './absences/AbsencesScreen.tsx';
import styles from './admin-shell.module.css';
import { CustomersScreen } from './customers/CustomersScreen.tsx';
import { NoAccess } from './NoAccess.tsx';
import { NoticesScreen } from './notices/NoticesScreen.tsx';
import { SettingsScreen } from './settings/SettingsScreen.tsx';
import { StaffScreen } from './staff/StaffScreen.tsx';
import { SubscriptionsScreen } from './subscriptions/SubscriptionsScreen.tsx';
import { WebhooksScreen } from './webhooks/WebhooksScreen.tsx';

export function AdminPage() {
  const { t } = usePart('admin');
  const { group, session } = useGroupContext();
  const token = useSessionToken();
  const link = useGroupLink();
  const logged = isLogged(session);
  const membership = useMembership(group.id, token, logged);
  const login = (
    <Navigate replace to={link('login')} state={{ returnTo: groupPath(group.urlname, 'admin') }} />
  );

  if (!logged) return login;
  if (membership.isPending) return <Spinner page label={t('admin.loading')} />;
  if (membership.isError) {
    const status = membership.error instanceof ApiError ? membership.error.status : 0;
    if (status === 401) return login;
    if (status === 403 || status === 404) return <NoAccess />;
    return <ErrorMessage onRetry={() => void membership.refetch()} />;
  }
  if (!membership.data.rights.includes('agenda.read')) return <NoAccess role={membership.data.role} />;
  const member = membership.data;
  const screens: Record<(typeof ADMIN_SECTIONS)[number]['name'], ReactElement> = {
    agenda: <AgendaScreen membership={member} />,
    absences: <AbsencesScreen membership={member} />,
    customers: <CustomersScreen membership={member} />,
    staff: <StaffScreen membership={member} />,
    notices: <NoticesScreen membership={member} />,
    subscriptions: <SubscriptionsScreen membership={member} />,
    settings: <SettingsScreen />,
    webhooks: <WebhooksScreen />,
  };
  const open = ADMIN_SECTIONS.filter((section) => member.rights.includes(section.right));
  return (
    <div className={styles.shell}>
      <AdminNav membership={member} />
      <Routes>
        {open.map((section) =>
          section.path === '' ? (
            <Route key={section.name} index element={screens[section.name]} />
          ) : (
            <Route key={section.name} path={`${section.path}/*`} element={screens[section.name]} />
          ),
        )}
        <Route path="*" element={<Navigate replace to={link('admin')} />} />
      </Routes>
    </div>
  );
}
