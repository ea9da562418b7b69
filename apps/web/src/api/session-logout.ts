import { useMutation } from '@tanstack/react-query';
import { apiPost } from './client.ts';
import { forgetSessionData, markIntentionalLogout } from './session-end.ts';
import { clearSessionToken } from './session-token.ts';

export interface LogoutResponse {
  logged: false;
  /** The session came from single sign-on: the provider's session ends at /auth/sso/{urlname}/logout. */
  sso_logout?: boolean;
}

/** Revokes the session on the server; the local token and the session's data go whatever the answer. */
export async function logout(): Promise<LogoutResponse> {
  markIntentionalLogout();
  try {
    return await apiPost<LogoutResponse>('/v3/sessions/logout.json', {});
  } finally {
    clearSessionToken();
    forgetSessionData();
  }
}

/** Mutation hook for logging out. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
