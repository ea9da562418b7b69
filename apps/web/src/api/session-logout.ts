import type { LoggedOut } from '@creneau/contract/endpoints/sessions';
import * as routes from '@creneau/contract/routes';
import { useMutation } from '../query/query.ts';
import { apiCall } from './client.ts';
import { forgetSessionData, markIntentionalLogout } from './session-end.ts';
import { clearSessionToken } from './session-token.ts';

/** sso_logout: the session came from single sign-on, whose provider's session ends at /auth/sso/{urlname}/logout. */
export type LogoutResponse = LoggedOut;

/** Revokes the session on the server; the local token and the session's data go whatever the answer. */
export async function logout(): Promise<LogoutResponse> {
  markIntentionalLogout();
  try {
    return await apiCall(routes.sessions.logout, {});
  } finally {
    clearSessionToken();
    forgetSessionData();
  }
}

/** Mutation hook for logging out. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
