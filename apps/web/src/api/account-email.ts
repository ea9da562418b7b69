/**
 * PUT /v3/accounts/{id}/email.json — asks to change the account's e-mail address; a confirmation
 * link goes to the new address and the change happens when its owner follows it and logs in
 * (docs/requirements/accounts-and-appointments.md §4: "after a change request an emailChanged alert shows").
 */

import type { EmailChangeRequested } from '@creneau/contract/endpoints/accounts';
import * as routes from '@creneau/contract/routes';
import { useMutation } from '../query/query.ts';
import { apiCall } from './client.ts';

/** The answer, as the API contract declares it. */
export type EmailChangeResponse = EmailChangeRequested;

/** Requests the change; errors (422): emailUsing, emailValidator, emailAlreadyExists. */
export function requestEmailChange(accountId: number, groupId: number, email: string) {
  return apiCall(routes.accounts.changeEmail, {
    params: { id: accountId },
    body: { account: { group_id: groupId, temp_email: email } },
  });
}

/** Mutation hook for the e-mail change. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: { accountId: number; groupId: number; email: string }) =>
      requestEmailChange(input.accountId, input.groupId, input.email),
  });
}
