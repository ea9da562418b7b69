/** GET /v3/groups/{id}/calendars — agendas and resources (docs/requirements/booking-flow.md §3 Calendar). */

/** A calendar or a resource, as the API contract declares it. */
import type { Calendar } from '@creneau/contract/endpoints/catalogue';
import { catalogueList, useCatalogueList } from './catalogue-list.ts';
import type { ListParams } from './catalogue-params.ts';

export type { Calendar };

export interface CalendarListParams extends ListParams {
  /** true: resources only; false: agendas only; undefined: both. */
  resource?: boolean | undefined;
  /** Only calendars performing every one of these services. */
  intervention_ids?: readonly number[] | undefined;
}

const list = catalogueList<Calendar, CalendarListParams>('calendars', (params) => ({
  resource: params.resource === undefined ? undefined : params.resource ? 1 : 0,
  intervention_ids: params.intervention_ids,
}));

export const fetchCalendars = list.fetch;
/** The group's calendars or resources in a language. */
export function useCalendars(groupId: number | undefined, params: CalendarListParams = {}) {
  return useCatalogueList(list, groupId, params);
}
