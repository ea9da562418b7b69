/**
 * PUT /v3/accounts/{id}.json — sets a new password, proven by the current password, a pending
 * forced change, the activation link (validation_key) or the reset link (oubliKey). The answer opens
 * a new session (every other session of the account ends), which becomes the current one.
 */
import { useMutation } from '@tanstack/react-query';
import { apiPut } from './client.ts';
import { adoptSessionToken } from './session-login.ts';

export interface PasswordUpdate {
  group_id?: number;
  password: string;
  password_confirmation?: string;
  current_password?: string;
  validation_key?: string;
  oubliKey?: string;
  /** Forced change (spec 001 §7: set password also sends api_user_id and api_profile Account). */
  api_user_id?: number;
  api_profile?: 'Account';
}

export interface PasswordUpdateResponse {
  account: { id: number; email: string };
  account_token: string;
  msg: string;
}

/** Sets the password; errors: passwordError, passwordRules, passwordConfirm, currentPasswordRequired, invalidLink. */
export async function updatePassword(accountId: number, account: PasswordUpdate) {
  // A link proves who the visitor is: an old session must not decide whose password changes.
  const withToken = !(account.validation_key || account.oubliKey);
  const response = await apiPut<PasswordUpdateResponse>(
    `/v3/accounts/${accountId}.json`,
    { account },
    {},
    { withToken },
  );
  await adoptSessionToken(response.account_token);
  return response;
}

/** Mutation hook for a password change. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: ({ accountId, account }: { accountId: number; account: PasswordUpdate }) =>
      updatePassword(accountId, account),
  });
}
