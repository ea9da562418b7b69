/**
 * POST /v3/sessions/login.json — logs in with e-mail and password, or with a fiche key from an
 * e-mail link (docs/requirements/accounts-and-appointments.md §4 Session, §7). A success stores the returned token, so every later call
 * and the session check run as the new session.
 */
import type { LoginAnswer, login as loginEndpoint } from '@creneau/contract/endpoints/sessions';
import type { BodyOf } from '@creneau/contract/request-path';
import * as routes from '@creneau/contract/routes';
import { queryClient } from '../lib/query-client.ts';
import { useMutation } from '../query/query.ts';
import { apiCall } from './client.ts';
import { ANONYMOUS_SESSION, currentSessionQuery, type Session } from './session-current.ts';
import { setSessionToken } from './session-token.ts';

/**
 * The login body (the contract's): credentials, or an e-mail link's ficheKey / validation_key
 * (with temp_email for the confirmation of an e-mail change).
 */
export type LoginRequest = BodyOf<typeof loginEndpoint>;

/**
 * The login answer (the contract's): emailChanged when the login confirmed a new address,
 * pendingRdv an appointment chosen before registering, to resume (docs/requirements/accounts-and-appointments.md §4).
 */
export type LoginResponse = LoginAnswer;

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
    const session: Partial<Session> = await apiCall(
      routes.sessions.getCurrentSession,
      {},
      { withToken: false },
    );
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
  const response = await apiCall(routes.sessions.login, { body: request }, { withToken: false });
  const token = tokenOf(response);
  if (token) await adoptSessionToken(token);
  return response;
}

/** Mutation hook for login. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
