/**
 * The logged-in visitor's menu (docs/requirements/accounts-and-appointments.md §2). Customers: appointments, information and personal
 * data (the last two for the Account profile, and only with an account: a guest who booked without
 * one or a visitor from an e-mail link — account id 0 — has no information or personal-data pages).
 * Professionals: their name, the back office of this group, a group switch when they have several
 * groups (from the back office, to the other group's back office), no appointments or personal-data
 * entries. Everyone: log out.
 */

import type { Group } from '../../api/group.ts';
import type { Session } from '../../api/session-current.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useLocation, useNavigate } from '../../routing/routing.ts';
import { Icon } from '../../ui/Icon.tsx';
import { MenuButton } from '../../ui/Menu.tsx';
import type { MenuEntry } from '../../ui/menu-types.ts';
import { openPopup } from '../../ui/popup-store.ts';
import { groupPath, useKeepQuery } from '../paths.ts';

interface AccountMenuProps {
  group: Group;
  session: Session;
  triggerClassName: string | undefined;
  labelClassName: string | undefined;
}

/** The entries of the account menu for a session (pure, for tests). */
export function accountEntries(
  group: Pick<Group, 'loginProfile'>,
  session: Pick<Session, 'type' | 'groups' | 'account'>,
  t: (key: string) => string,
): MenuEntry[] {
  const pro = session.type === 'pro';
  const entries: MenuEntry[] = [];
  if (!pro) {
    entries.push({
      id: 'appointments',
      label: t('header.appointments'),
      icon: <Icon name="calendarCheck" />,
    });
    const hasAccount = (session.account?.id ?? 0) > 0;
    if (group.loginProfile === 'Account' && hasAccount) {
      entries.push({ id: 'fiches', label: t('header.information'), icon: <Icon name="user" /> });
      entries.push({ id: 'personal_data', label: t('header.personalData'), icon: <Icon name="shield" /> });
    }
  } else {
    // The server decides what the back office opens for their role (a call centre gets its
    // no-access page); the entry only shows the way.
    entries.push({ id: 'admin', label: t('header.backOffice'), icon: <Icon name="calendar" /> });
  }
  if (pro && session.groups.length > 1) {
    entries.push({
      id: 'switch',
      label: t('header.switchGroup'),
      icon: <Icon name="swap" />,
      submenu: session.groups.map((g) => ({ id: `group:${g.urlname}`, label: g.name })),
    });
  }
  return entries;
}

export function AccountMenu({ group, session, triggerClassName, labelClassName }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keep = useKeepQuery();
  const { pathname } = useLocation();
  const inBackOffice = pathname.startsWith(groupPath(group.urlname, 'admin'));
  const pro = session.type === 'pro';
  const who = pro ? (session.pro?.name ?? t('header.pro')) : (session.account?.email ?? t('header.account'));

  const onAction = (id: string) => {
    if (id === 'logout') openPopup({ kind: 'logout' });
    else if (id.startsWith('group:'))
      navigate(keep(groupPath(id.slice('group:'.length), inBackOffice ? 'admin' : '')));
    else if (id !== 'switch') navigate(keep(groupPath(group.urlname, id)));
  };

  return (
    <MenuButton
      testId="account-menu"
      triggerClassName={triggerClassName}
      menuLabel={t('header.accountMenu', { who })}
      trigger={
        <>
          <Icon name="user" />
          <span className={labelClassName}>{pro ? t('header.pro') : t('header.account')}</span>
          <Icon name="chevronDown" size={16} />
        </>
      }
      sections={[
        {
          id: 'account',
          title: pro ? t('header.proLabel', { name: who }) : who,
          entries: accountEntries(group, session, t),
        },
        {
          id: 'session',
          entries: [{ id: 'logout', label: t('header.logout'), icon: <Icon name="logout" /> }],
        },
      ]}
      onAction={onAction}
    />
  );
}
