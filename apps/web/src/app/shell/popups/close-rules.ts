/** What closing a popup or logging out does, as pure decisions (docs/requirements/accounts-and-appointments.md §2, §4). */
import type { Group } from '../../../api/group.ts';
import type { Session } from '../../../api/session-current.ts';

/**
 * Closing the alert: when the URL has a date and no freeze flag, the date is stripped and the page
 * reloads (the date probably caused the alert). Returns the URL to load, or null to just close.
 */
export function alertCloseReload(href: string): string | null {
  const url = new URL(href);
  const freeze = url.searchParams.get('freeze');
  const frozen = freeze !== null && !['0', 'false', 'no', 'off'].includes(freeze.toLowerCase());
  if (!url.searchParams.has('date') || frozen) return null;
  url.searchParams.delete('date');
  return url.toString();
}

export type LogoutDestination = 'disconnected' | 'inactive' | 'firstStep' | 'login';

/**
 * Where a confirmed logout leads: the disconnected page after a single sign-on session, the
 * inactive (unauthorized) page in single sign-on-only groups, the first step for the Fiche profile,
 * else the login page.
 */
export function logoutDestination(
  group: Pick<Group, 'sso_login_only' | 'loginProfile'> | null,
  session: Pick<Session, 'sso_logged'> | null,
): LogoutDestination {
  if (session?.sso_logged) return 'disconnected';
  if (group?.sso_login_only) return 'inactive';
  if (group?.loginProfile === 'Fiche') return 'firstStep';
  return 'login';
}
