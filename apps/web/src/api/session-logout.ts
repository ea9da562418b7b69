import type { AnswerOf } from '@creneau/contract/endpoint';
import type { logout as logoutEndpoint } from '@creneau/contract/endpoints/sessions';
import * as sessions from '@creneau/contract/endpoints/sessions';
import { useMutation } from '@tanstack/react-query';
import { apiPost, callPath } from './client.ts';
import { forgetSessionData, markIntentionalLogout } from './session-end.ts';
import { clearSessionToken } from './session-token.ts';

/** The answer, as the API contract declares it. */
export type LogoutResponse = AnswerOf<typeof logoutEndpoint>;

/** Revokes the session on the server; the local token and the session's data go whatever the answer. */
export async function logout(): Promise<LogoutResponse> {
  markIntentionalLogout();
  try {
    return await apiPost<LogoutResponse>(callPath(sessions.logout, {}), {});
  } finally {
    clearSessionToken();
    forgetSessionData();
  }
}

/** Mutation hook for logging out. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
