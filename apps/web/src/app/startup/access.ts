/**
 * Who may see a group's pages (docs/requirements/booking-flow.md §4 exceptions, §6; docs/requirements/accounts-and-appointments.md §4 Session), as pure
 * decisions so every rule is unit-tested: closed groups (openData false) send anonymous visitors
 * to the login step, or to the inactive page with the unauthorized message when only single
 * sign-on is allowed; a professional who does not belong to the group is asked to log out.
 */
import type { Group } from '../../api/group.ts';
import type { Session } from '../../api/session-current.ts';

/** Pages an anonymous visitor of a closed group may still open: the ways in. */
const OPEN_DOOR_PAGES = new Set([
  'login',
  'register',
  'register_confirm',
  'reset_password',
  'reset_password_confirm',
  'error',
  'book/login',
  'book/register',
  'book/register_confirm',
]);

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'login' }
  | { kind: 'unauthorized' }
  | { kind: 'proLogout' };

/** True when the visitor counts as logged in for access rules. */
export function isLogged(session: Session): boolean {
  return session.logged && (session.type === 'user' || session.type === 'pro');
}

/** The professional's session does not include this group. */
export function isForeignPro(session: Session, group: Pick<Group, 'id'>): boolean {
  return isLogged(session) && session.type === 'pro' && !session.groups.some((g) => g.id === group.id);
}

/**
 * The decision for a page of the group; `page` is the path after the url name without leading
 * slash ("" for the entry, "home", "book/slots", …).
 */
export function decideAccess(
  group: Pick<Group, 'id' | 'openData' | 'sso_login_only'>,
  session: Session,
  page: string,
): AccessDecision {
  // An invitation to the staff is opened by people who are not members yet: logged out on a
  // closed group, or logged in as a professional of other groups they keep (docs/back-office.md
  // "Invitations"). The server checks the link itself. So does the link of a reminder, which stops
  // them for whoever received it, with or without a session (docs/reminders.md "Stopping them").
  if (page === 'invitation' || page === 'reminders') return { kind: 'allow' };
  if (!group.openData && !isLogged(session)) {
    if (group.sso_login_only) return { kind: 'unauthorized' };
    return OPEN_DOOR_PAGES.has(page) ? { kind: 'allow' } : { kind: 'login' };
  }
  if (isForeignPro(session, group)) return { kind: 'proLogout' };
  return { kind: 'allow' };
}
