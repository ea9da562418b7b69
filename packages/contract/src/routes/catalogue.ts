/** The catalogue endpoints' routes (see ../routes.ts). */
import type * as catalogue from '../endpoints/catalogue.ts';
import { route } from '../request-path.ts';

export const listInterventionsets = /* @__PURE__ */ route<typeof catalogue.listInterventionsets>(
  'GET',
  '/api/v3/groups/:id/interventionsets',
);
export const listInterventions = /* @__PURE__ */ route<typeof catalogue.listInterventions>(
  'GET',
  '/api/v3/groups/:id/interventions',
);
export const listPackInterventions = /* @__PURE__ */ route<typeof catalogue.listPackInterventions>(
  'GET',
  '/api/v3/groups/:id/pack_interventions',
);
export const listCalendarsets = /* @__PURE__ */ route<typeof catalogue.listCalendarsets>(
  'GET',
  '/api/v3/groups/:id/calendarsets',
);
export const listCalendars = /* @__PURE__ */ route<typeof catalogue.listCalendars>(
  'GET',
  '/api/v3/groups/:id/calendars',
);
