/** The groups endpoints' routes (see ../routes.ts). */
import type * as groups from '../endpoints/groups.ts';
import { route } from '../request-path.ts';

export const getGroup = /* @__PURE__ */ route<typeof groups.getGroup>(
  'GET',
  '/api/v3/services/groups/:urlname.json',
);
export const findUrlnameByHost = /* @__PURE__ */ route<typeof groups.findUrlnameByHost>(
  'GET',
  '/api/urlname',
);
export const findShard = /* @__PURE__ */ route<typeof groups.findShard>('GET', '/api/shard');
export const getWebsite = /* @__PURE__ */ route<typeof groups.getWebsite>('GET', '/api/v3/websites');
export const listProGroups = /* @__PURE__ */ route<typeof groups.listProGroups>('GET', '/api/v3/groups');
