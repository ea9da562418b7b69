/** The waiting list endpoints' routes (see ../routes.ts). */
import type * as waitlist from '../endpoints/waitlist.ts';
import { route } from '../request-path.ts';

export const joinWaitlist = /* @__PURE__ */ route<typeof waitlist.joinWaitlist>(
  'POST',
  '/api/v3/groups/:id/waitlist',
);
export const leaveWaitlist = /* @__PURE__ */ route<typeof waitlist.leaveWaitlist>(
  'POST',
  '/api/v3/waitlist/leave',
);
export const readOffer = /* @__PURE__ */ route<typeof waitlist.readOffer>('POST', '/api/v3/waitlist/offer');
export const confirmOffer = /* @__PURE__ */ route<typeof waitlist.confirmOffer>(
  'POST',
  '/api/v3/waitlist/offer/confirm',
);
