/** GET /v3/groups/{id}/calendarsets — calendar sets, e.g. sites (docs/requirements/booking-flow.md §3 Calendarset). */
import type { listCalendarsets } from '@creneau/contract/endpoints/catalogue';
import * as routes from '@creneau/contract/routes';
import { catalogueList, useCatalogueList } from './catalogue-list.ts';
import type { ListParams } from './catalogue-params.ts';

export type { Calendarset } from '@creneau/contract/endpoints/catalogue';

const list = catalogueList<typeof listCalendarsets>('calendarsets', routes.catalogue.listCalendarsets);

export const fetchCalendarsets = list.fetch;
/** The query options of the list (what its hook reads, and what the start-up may fetch ahead). */
export const calendarsetsQuery = list.query;
/** The group's calendar sets in a language. */
export function useCalendarsets(groupId: number | undefined, params: ListParams = {}) {
  return useCatalogueList(list, groupId, params);
}
