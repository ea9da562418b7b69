/** POST /v3/sessions/logout.json — ends the session (spec 001 §4 Session). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from './client.ts';
import { clearSessionToken } from './session-token.ts';

/** Revokes the session on the server; the local token is forgotten whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await apiPost<unknown>('/v3/sessions/logout.json', {});
  } finally {
    clearSessionToken();
  }
}

/** Mutation hook: logs out and forgets every cached session. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => client.removeQueries({ queryKey: ['session'] }),
  });
}
