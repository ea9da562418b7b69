/** The availability endpoints' routes (see ../routes.ts). */
import type * as availability from '../endpoints/availability.ts';
import { route } from '../request-path.ts';

export const listSlots = /* @__PURE__ */ route<typeof availability.listSlots>(
  'GET',
  '/api/v3/groups/:id/availabletimeslots',
);
