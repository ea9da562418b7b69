/**
 * Sign-up (docs/back-office.md "Sign-up and platform"): creates the business and its owner; the
 * answer's session becomes the page's, like a login's.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { signup } from '@creneau/contract/endpoints/platform';
import type { BodyOf } from '@creneau/contract/request-path';
import { useMutation } from '../query/query.ts';
import { apiCall } from './client.ts';
import { adoptSessionToken } from './session-login.ts';

export type SignupBody = BodyOf<typeof signup>;

export function useSignup() {
  return useMutation({
    mutationFn: async (body: SignupBody) => {
      const created = await apiCall(backofficeRoutes.signup, { body }, { withToken: false });
      await adoptSessionToken(created.account_token);
      return created;
    },
  });
}
