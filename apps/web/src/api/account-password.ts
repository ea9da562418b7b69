import type { PasswordSet, setPassword } from '@creneau/contract/endpoints/accounts';
import type { BodyOf } from '@creneau/contract/request-path';
import * as routes from '@creneau/contract/routes';
import { useMutation } from '../query/query.ts';
import { apiCall } from './client.ts';
import { adoptSessionToken } from './session-login.ts';

/**
 * The account part of the body, as the contract declares it. A forced change also sends
 * api_user_id and api_profile "Account" (docs/requirements/accounts-and-appointments.md §7).
 */
export type PasswordUpdate = BodyOf<typeof setPassword>['account'];

/** The answer, as the API contract declares it. */
export type PasswordUpdateResponse = PasswordSet;

/** Sets the password; errors: passwordError, passwordRules, passwordConfirm, currentPasswordRequired, invalidLink. */
export async function updatePassword(accountId: number, account: PasswordUpdate) {
  // A link proves who the visitor is: an old session must not decide whose password changes.
  const withToken = !(account.validation_key || account.oubliKey);
  const response = await apiCall(
    routes.accounts.setPassword,
    { params: { id: accountId }, body: { account } },
    { withToken },
  );
  await adoptSessionToken(response.account_token);
  return response;
}

/** Mutation hook for a password change of one account (activation, reset, forced or chosen change). */
export function useUpdatePassword(accountId: number) {
  return useMutation({ mutationFn: (account: PasswordUpdate) => updatePassword(accountId, account) });
}
