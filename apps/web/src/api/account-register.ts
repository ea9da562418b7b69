/**
 * POST /v3/accounts.json — registration (docs/requirements/accounts-and-appointments.md §4 Accounts, §7): the account is created pending
 * and an activation link is e-mailed; following it activates the account (and asks for a password
 * when none was given).
 */

import type { Registered, register as registerEndpoint } from '@creneau/contract/endpoints/accounts';
import type { BodyOf } from '@creneau/contract/request-path';
import * as routes from '@creneau/contract/routes';
import { useMutation } from '../query/query.ts';
import { apiCall } from './client.ts';

/**
 * The account to register, as the contract declares it; its pendingRdv is the booking chosen
 * before registering, resumed after the first login.
 */
export type RegisterRequest = BodyOf<typeof registerEndpoint>['account'];

/** The answer, as the API contract declares it. */
export type RegisterResponse = Registered;

/** Registers; errors: emailAlreadyExists, emailValidator, passwordRules, registrationDisabled(Health), ssoLoginOnly. */
export function register(account: RegisterRequest): Promise<RegisterResponse> {
  return apiCall(routes.accounts.register, { body: { account } }, { withToken: false });
}

/** Mutation hook for registration. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
