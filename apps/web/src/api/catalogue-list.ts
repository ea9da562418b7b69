/**
 * The catalogue's list calls (docs/requirements/booking-flow.md §7): GET /v3/groups/{id}/{list} with the language and the
 * verification conditions, answering `{ records }`. One definition gives each list its fetcher and
 * its query options (cache key: list name, group, parameters); useCatalogueList reads one.
 */
import * as catalogue from '@creneau/contract/endpoints/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryParams } from './catalogue-params.ts';
import { apiGet, callPath, type QueryParams } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** What every catalogue item has: category, service, site, calendar or resource (the API contract's). */
export type { CatalogueItem } from '@creneau/contract/endpoints/catalogue';

/** Each list's endpoint in the API contract. */
const LIST_ENDPOINTS = {
  calendarsets: catalogue.listCalendarsets,
  interventionsets: catalogue.listInterventionsets,
  interventions: catalogue.listInterventions,
  calendars: catalogue.listCalendars,
} as const;

export function catalogueList<Item, Params extends ListParams = ListParams>(
  list: 'calendarsets' | 'interventionsets' | 'interventions' | 'calendars',
  /** The list's own query parameters, after the shared ones. */
  ownParams: (params: Params) => QueryParams = () => ({}),
) {
  const none = {} as Params;

  async function fetchList(groupId: number, params: Params = none, signal?: AbortSignal): Promise<Item[]> {
    const body = await apiGet<{ records: Item[] }>(
      callPath(LIST_ENDPOINTS[list], { id: groupId }),
      { ...listQueryParams(params), ...ownParams(params) },
      { signal },
    );
    return body.records;
  }

  const query = (groupId: number, params: Params = none) =>
    queryOptions({
      queryKey: queryKeys.catalogue(list, groupId, params),
      queryFn: ({ signal }) => fetchList(groupId, params, signal),
    });

  return { fetch: fetchList, query };
}

/** A list in a language; idle until the group is known. */
export function useCatalogueList<Item, Params extends ListParams>(
  list: ReturnType<typeof catalogueList<Item, Params>>,
  groupId: number | undefined,
  params: Params,
) {
  return useQuery({ ...list.query(groupId ?? 0, params), enabled: groupId !== undefined });
}
