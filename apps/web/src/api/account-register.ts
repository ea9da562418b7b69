/**
 * POST /v3/accounts.json — registration (docs/requirements/accounts-and-appointments.md §4 Accounts, §7): the account is created pending
 * and an activation link is e-mailed; following it activates the account (and asks for a password
 * when none was given).
 */

import type { Registered } from '@creneau/contract/endpoints/accounts';
import * as accounts from '@creneau/contract/endpoints/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, callPath } from './client.ts';

/** What a registration sends, as the API contract declares it. */
export type RegisterRequest = z.input<typeof accounts.register.body>['account'];

/** The answer, as the API contract declares it. */
export type RegisterResponse = Registered;

/** Registers; errors: emailAlreadyExists, emailValidator, passwordRules, registrationDisabled(Health), ssoLoginOnly. */
export function register(account: RegisterRequest): Promise<RegisterResponse> {
  return apiPost<RegisterResponse>(callPath(accounts.register, {}), { account }, {}, { withToken: false });
}

/** Mutation hook for registration. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
