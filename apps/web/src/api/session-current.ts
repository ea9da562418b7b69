/** GET /v3/sessions/current.json — who is logged in (docs/requirements/accounts-and-appointments.md §3 Session, §7). */
import type { CurrentSession } from '@creneau/contract/endpoints/sessions';
import * as routes from '@creneau/contract/routes';
import { queryOptions, useQuery } from '../query/query.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { useSessionToken } from './session-token.ts';

/** Who is logged in, as the API contract declares it. */
export type Session = CurrentSession;

export const ANONYMOUS_SESSION: Session = {
  logged: false,
  type: null,
  lastSignedAt: null,
  expiresAt: null,
  account: null,
  pro: null,
  groups: [],
  fiche_token: null,
  pro_token: null,
  sso_logged: false,
  needPasswordChange: false,
  pendingRdv: null,
};

/**
 * The current session. Any failure — expired token (401), a server without the sessions module
 * (404), the network — counts as "not logged": start-up must never stop on the session check.
 */
export async function fetchCurrentSession(signal?: AbortSignal): Promise<Session> {
  try {
    // Partial: a server version may leave a field out, and the defaults stand in for it.
    const session: Partial<Session> = await apiCall(routes.sessions.getCurrentSession, {}, { signal });
    return { ...ANONYMOUS_SESSION, ...session, groups: session.groups ?? [] };
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    return ANONYMOUS_SESSION;
  }
}

export const currentSessionQuery = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.session.current(token),
    queryFn: ({ signal }) => fetchCurrentSession(signal),
    staleTime: 60_000,
    retry: false,
  });

/** The session of the visitor, re-read whenever the stored token changes. */
export function useCurrentSession() {
  const token = useSessionToken();
  return useQuery(currentSessionQuery(token));
}
