/**
 * Where the group's entry URL (/{urlname}) leads once the group, the session and the step list are
 * known (docs/requirements/booking-flow.md §4 start-up step 4): login, home, appointments or the first booking step.
 */
import type { Group } from '../../api/group.ts';
import type { Session } from '../../api/session-current.ts';
import { decideAccess, isLogged } from './access.ts';

export interface EntryInput {
  group: Pick<Group, 'id' | 'openData' | 'sso_login_only' | 'has_minisite'>;
  session: Session;
  /** The booking steps in order (names). */
  steps: readonly string[];
  /** The page's query string. */
  query: URLSearchParams;
  /** A booking choice is preselected by the query string. */
  hasPreselection: boolean;
}

export type EntryTarget =
  | { kind: 'login' }
  | { kind: 'unauthorized' }
  | { kind: 'home' }
  | { kind: 'appointments' }
  | { kind: 'step'; step: string };

const truthy = (value: string | null) => value !== null && value !== '' && value !== '0' && value !== 'false';

/** The first page of a visit. */
export function decideEntry(input: EntryInput): EntryTarget {
  const { group, session, steps, query } = input;
  const access = decideAccess(group, session, '');
  if (access.kind === 'login') return { kind: 'login' };
  if (access.kind === 'unauthorized') return { kind: 'unauthorized' };
  const pro = isLogged(session) && session.type === 'pro';
  // E-mail links (list_rdv, cancel_apt, export_apt) open the appointments list, where the cancel
  // dialog or the add-to-calendar popup waits (docs/requirements/accounts-and-appointments.md §4).
  const wantsList =
    truthy(query.get('list_rdv')) ||
    truthy(query.get('cancel_apt')) ||
    truthy(query.get('export_apt')) ||
    truthy(String(session.account?.cancel_apt ?? '')) ||
    truthy(String(session.account?.export_apt ?? ''));
  if (isLogged(session) && !pro && wantsList) return { kind: 'appointments' };
  // The mini-site greets visitors who came to the group, not those sent to a precise booking.
  if (group.has_minisite && !pro && !input.hasPreselection && !truthy(query.get('take_apt'))) {
    return { kind: 'home' };
  }
  const first = steps[0];
  return first ? { kind: 'step', step: first } : { kind: 'home' };
}
