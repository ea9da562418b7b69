/** The sessions endpoints' routes (see ../routes.ts). */
import type * as sessions from '../endpoints/sessions.ts';
import { route } from '../request-path.ts';

export const getCurrentSession = /* @__PURE__ */ route<typeof sessions.getCurrentSession>(
  'GET',
  '/api/v3/sessions/current.json',
);
export const login = /* @__PURE__ */ route<typeof sessions.login>('POST', '/api/v3/sessions/login.json');
export const logout = /* @__PURE__ */ route<typeof sessions.logout>('POST', '/api/v3/sessions/logout.json');
