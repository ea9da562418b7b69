/**
 * POST /v3/accounts/forgotPassword.json — e-mails a reset link when the address has an account; the
 * answer is the same either way (docs/requirements/accounts-and-appointments.md §4: "a reset e-mail is sent only if an account exists").
 */
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { forgotPassword as endpoint } from '@creneau/contract/endpoints/accounts';
import * as routes from '@creneau/contract/routes';
import { useMutation } from '../query/query.ts';
import { apiCall } from './client.ts';

/** Asks for a reset link. */
export function forgotPassword(email: string, groupId: number): Promise<AnswerOf<typeof endpoint>> {
  return apiCall(
    routes.accounts.forgotPassword,
    { body: { account: { email, group_id: groupId } } },
    { withToken: false },
  );
}

/** Mutation hook for the reset request. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: ({ email, groupId }: { email: string; groupId: number }) => forgotPassword(email, groupId),
  });
}
