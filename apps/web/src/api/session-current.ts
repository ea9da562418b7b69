/** GET /v3/sessions/current.json — who is logged in (spec 001 §3 Session, §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { followSessionKind } from './api-generation.ts';
import { apiGet } from './client.ts';
import { useSessionToken } from './session-token.ts';

export interface Session {
  logged: boolean;
  type: 'user' | 'pro' | null;
  lastSignedAt: string | null;
  account: {
    id: number;
    email: string | null;
    cancel_apt: number | string | null;
    export_apt: number | string | null;
  } | null;
  pro: { id: number; email: string; name: string } | null;
  /** The groups a professional may use. */
  groups: { id: number; name: string; urlname: string }[];
  fiche_token: string | null;
  pro_token: string | null;
  sso_logged: boolean;
  needPasswordChange: boolean;
  pendingRdv: unknown;
}

export const ANONYMOUS_SESSION: Session = {
  logged: false,
  type: null,
  lastSignedAt: null,
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
    const answer = await apiGet<Partial<Session>>('/v3/sessions/current.json', {}, { signal });
    const session = { ...ANONYMOUS_SESSION, ...answer, groups: answer.groups ?? [] };
    followSessionKind(session);
    return session;
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    return ANONYMOUS_SESSION;
  }
}

export const currentSessionQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['session', token],
    queryFn: ({ signal }) => fetchCurrentSession(signal),
    staleTime: 60_000,
    retry: false,
  });

/** The session of the visitor, re-read whenever the stored token changes. */
export function useCurrentSession() {
  const token = useSessionToken();
  return useQuery(currentSessionQuery(token));
}
