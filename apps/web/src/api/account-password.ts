import type { PasswordSet } from '@creneau/contract/endpoints/accounts';
import * as accounts from '@creneau/contract/endpoints/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPut, callPath } from './client.ts';
import { adoptSessionToken } from './session-login.ts';

export interface PasswordUpdate {
  group_id?: number;
  password: string;
  password_confirmation?: string;
  current_password?: string;
  validation_key?: string;
  oubliKey?: string;
  /** Forced change (docs/requirements/accounts-and-appointments.md §7: set password also sends api_user_id and api_profile Account). */
  api_user_id?: number;
  api_profile?: 'Account';
}

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
