/**
 * POST /v3/accounts/forgotPassword.json — e-mails a reset link when the address has an account; the
 * answer is the same either way (docs/requirements/accounts-and-appointments.md §4: "a reset e-mail is sent only if an account exists").
 */
import * as accounts from '@creneau/contract/endpoints/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPost, callPath } from './client.ts';

/** Asks for a reset link. */
export function forgotPassword(email: string, groupId: number): Promise<{ msg: string }> {
  return apiPost<{ msg: string }>(
    callPath(accounts.forgotPassword, {}),
    { account: { email, group_id: groupId } },
    {},
    { withToken: false },
  );
}

/** Mutation hook for the reset request. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: ({ email, groupId }: { email: string; groupId: number }) => forgotPassword(email, groupId),
  });
}
