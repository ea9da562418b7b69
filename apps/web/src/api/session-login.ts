/**
 * POST /v3/sessions/login.json — logs in with e-mail and password, or with a fiche key from an
 * e-mail link (docs/requirements/accounts-and-appointments.md §4 Session, §7). A success stores the returned token, so every later call
 * and the session check run as the new session.
 */
import { useMutation } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { apiGet, apiPost } from './client.ts';
import { ANONYMOUS_SESSION, currentSessionQuery, type Session } from './session-current.ts';
import { setSessionToken } from './session-token.ts';

export interface LoginRequest {
  credentials?: { email: string; password: string };
  account: {
    group_id: number;
    /** Fiche-profile e-mail links. */
    ficheKey?: string;
    /** Activation link, or the confirmation link of an e-mail change (with temp_email). */
    validation_key?: string;
    temp_email?: string;
  };
}

export interface LoginResponse {
  type: 'user' | 'pro';
  account: {
    id: number;
    email: string | null;
    cancel_apt: number | string | null;
    export_apt: number | string | null;
    needPasswordChange: boolean;
  };
  account_token?: string;
  pro_token?: string;
  fiche_token?: string;
  groups?: number[];
  needPasswordChange: boolean;
  /** True when the login confirmed a new e-mail address. */
  emailChanged?: boolean;
  /** An appointment chosen before registering, to resume after login (docs/requirements/accounts-and-appointments.md §4). */
  pendingRdv: Record<string, unknown> | null;
  lastSignedAt: string;
}

/** The token a login answer carries, whichever kind of session it opened. */
export function tokenOf(response: Pick<LoginResponse, 'account_token' | 'pro_token' | 'fiche_token'>) {
  return response.account_token ?? response.pro_token ?? response.fiche_token ?? null;
}

/**
 * Makes a new token the session. The session check is read first (the login also set the session
 * cookie) and cached under the new token, so the pages switch to the logged-in view without a
 * loading flash; when the cookie is blocked (third-party frame) the check simply runs afterwards.
 */
export async function adoptSessionToken(token: string): Promise<void> {
  try {
    // Without the token parameter, so that the new cookie speaks rather than an older token.
    const session = await apiGet<Partial<Session>>('/v3/sessions/current.json', {}, { withToken: false });
    if (session.logged) {
      queryClient.setQueryData(currentSessionQuery(token).queryKey, {
        ...ANONYMOUS_SESSION,
        ...session,
        groups: session.groups ?? [],
      });
    }
  } catch {
    /* the session check runs again under the new token */
  }
  setSessionToken(token);
}

/** Logs in; on success the returned token becomes the session. */
export async function login(request: LoginRequest): Promise<LoginResponse> {
  const response = await apiPost<LoginResponse>('/v3/sessions/login.json', request, {}, { withToken: false });
  const token = tokenOf(response);
  if (token) await adoptSessionToken(token);
  return response;
}

/** Mutation hook for login. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
