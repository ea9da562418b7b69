import type { PasswordSet } from '@creneau/contract/endpoints/accounts';
import * as accounts from '@creneau/contract/endpoints/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPut, callPath } from './client.ts';
import { adoptSessionToken } from './session-login.ts';

/** What a password change sends, as the API contract declares it. */
export type PasswordUpdate = z.input<typeof accounts.setPassword.body>['account'];

/** The answer, as the API contract declares it. */
export type PasswordUpdateResponse = PasswordSet;

/** Sets the password; errors: passwordError, passwordRules, passwordConfirm, currentPasswordRequired, invalidLink. */
export async function updatePassword(accountId: number, account: PasswordUpdate) {
  // A link proves who the visitor is: an old session must not decide whose password changes.
  const withToken = !(account.validation_key || account.oubliKey);
  const response = await apiPut<PasswordUpdateResponse>(
    callPath(accounts.setPassword, { id: accountId }),
    { account },
    {},
    { withToken },
  );
  await adoptSessionToken(response.account_token);
  return response;
}

/** Mutation hook for a password change of one account (activation, reset, forced or chosen change). */
export function useUpdatePassword(accountId: number) {
  return useMutation({ mutationFn: (account: PasswordUpdate) => updatePassword(accountId, account) });
}
