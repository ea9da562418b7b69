/** GET /v3/groups/{id}/calendarsets — calendar sets, e.g. sites (docs/requirements/booking-flow.md §3 Calendarset). */

/** A calendar set, as the API contract declares it. */
import type { Calendarset } from '@creneau/contract/endpoints/catalogue';
import { catalogueList, useCatalogueList } from './catalogue-list.ts';
import type { ListParams } from './catalogue-params.ts';

export type { Calendarset };

const list = catalogueList<Calendarset>('calendarsets');

export const fetchCalendarsets = list.fetch;
/** The group's calendar sets in a language. */
export function useCalendarsets(groupId: number | undefined, params: ListParams = {}) {
  return useCatalogueList(list, groupId, params);
}
