/** The accounts endpoints' routes (see ../routes.ts). */
import type * as accounts from '../endpoints/accounts.ts';
import { route } from '../request-path.ts';

export const register = /* @__PURE__ */ route<typeof accounts.register>('POST', '/api/v3/accounts.json');
export const forgotPassword = /* @__PURE__ */ route<typeof accounts.forgotPassword>(
  'POST',
  '/api/v3/accounts/forgotPassword.json',
);
export const setPassword = /* @__PURE__ */ route<typeof accounts.setPassword>(
  'PUT',
  '/api/v3/accounts/:id.json',
);
export const changeEmail = /* @__PURE__ */ route<typeof accounts.changeEmail>(
  'PUT',
  '/api/v3/accounts/:id/email.json',
);
