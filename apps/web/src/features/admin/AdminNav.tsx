/**
 * The back office's sections (docs/back-office.md): the agenda first, then what the person's role
 * may open. A section the role lacks is not offered; the server refuses its calls anyway.
 */

import type { Membership } from '../../api/admin-membership.ts';
import { useGroupLink } from '../../app/paths.ts';
import { usePart } from '../../i18n/i18n.ts';
import { NavLink } from '../../routing/routing.ts';
import styles from './admin-shell.module.css';

type Right = Membership['rights'][number];

/** Each section, its path under /{urlname}/admin and the right that opens it. */
export const ADMIN_SECTIONS = [
  { name: 'agenda', path: '', right: 'agenda.read' },
  { name: 'absences', path: 'absences', right: 'absence.manage' },
  { name: 'customers', path: 'customers', right: 'customers.read' },
  { name: 'staff', path: 'staff', right: 'staff.read' },
  { name: 'notices', path: 'notices', right: 'notifications.manage' },
  { name: 'subscriptions', path: 'subscriptions', right: 'feeds.subscribe' },
  { name: 'settings', path: 'settings', right: 'settings.manage' },
  { name: 'webhooks', path: 'webhooks', right: 'webhooks.manage' },
] as const satisfies readonly { name: string; path: string; right: Right }[];

export function AdminNav({ membership }: { membership: Membership }) {
  const { t } = usePart('admin');
  const link = useGroupLink();
  const sections = ADMIN_SECTIONS.filter((section) => membership.rights.includes(section.right));
  if (sections.length < 2) return null;
  return (
    <nav className={styles.nav} aria-label={t('admin.sections.label')} data-testid="admin-nav">
      <ul className={styles.navList}>
        {sections.map((section) => (
          <li key={section.name}>
            <NavLink
              to={link(section.path ? `admin/${section.path}` : 'admin')}
              end={section.path === ''}
              className={({ isActive }) =>
                isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink
              }
              data-testid={`admin-nav-${section.name}`}
            >
              {t(`admin.sections.${section.name}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
