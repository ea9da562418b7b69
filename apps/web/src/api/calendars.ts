/** GET /v3/groups/{id}/calendars — agendas and resources (docs/requirements/booking-flow.md §3 Calendar). */
import type { listCalendars } from '@creneau/contract/endpoints/catalogue';
import * as routes from '@creneau/contract/routes';
import { catalogueList, useCatalogueList } from './catalogue-list.ts';
import type { ListParams } from './catalogue-params.ts';

/** A calendar or a resource (a calendar with resource: true), as the contract declares it. */
export type { Calendar } from '@creneau/contract/endpoints/catalogue';

export interface CalendarListParams extends ListParams {
  /** true: resources only; false: agendas only; undefined: both. */
  resource?: boolean | undefined;
  /** Only calendars performing every one of these services. */
  intervention_ids?: readonly number[] | undefined;
}

const list = catalogueList<typeof listCalendars, CalendarListParams>(
  'calendars',
  routes.catalogue.listCalendars,
  (params) => ({
    resource: params.resource === undefined ? undefined : params.resource ? '1' : '0',
    intervention_ids: params.intervention_ids ? [...params.intervention_ids] : undefined,
  }),
);

export const fetchCalendars = list.fetch;
/** The query options of the list (what its hook reads, and what the start-up may fetch ahead). */
export const calendarsQuery = list.query;
/** The group's calendars or resources in a language. */
export function useCalendars(groupId: number | undefined, params: CalendarListParams = {}) {
  return useCatalogueList(list, groupId, params);
}
