/**
 * The catalogue's list calls (docs/requirements/booking-flow.md §7): GET /v3/groups/{id}/{list} with the language and the
 * verification conditions, answering `{ records }`. One definition gives each list its fetcher and
 * its query options (cache key: list name, group, parameters); useCatalogueList reads one.
 */
import type { AnswerOf, Endpoint } from '@creneau/contract/endpoint';
import type { QueryOf, RequestOf, Route } from '@creneau/contract/request-path';
import { queryOptions, useQuery } from '../query/query.ts';
import { type ListParams, listQueryParams } from './catalogue-params.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * How long a catalogue list is taken as it is: the booking container, the step page and the
 * summary each read the lists as they mount one after the other, and with no freshness each mount
 * fetched them again (one more request and one more render of the whole step per list, on the
 * phone's critical path: docs/web-app.md "First paint"). A configuration save invalidates them
 * (admin-settings.ts).
 */
export const CATALOGUE_FRESH_MS = 60_000;

/** An item of a list endpoint's answer `{ records }`. */
export type ItemOf<E extends Endpoint> = AnswerOf<E> extends { records: (infer Item)[] } ? Item : never;

export function catalogueList<E extends Endpoint, Params extends ListParams = ListParams>(
  list: 'calendarsets' | 'interventionsets' | 'interventions' | 'calendars',
  route: Route<E>,
  /** The list's own query parameters, after the shared ones. */
  ownParams: (params: Params) => Partial<QueryOf<E>> = () => ({}),
) {
  const none = {} as Params;

  async function fetchList(
    groupId: number,
    params: Params = none,
    signal?: AbortSignal,
  ): Promise<ItemOf<E>[]> {
    // The list is generic here; each list's route and ownParams are checked where they are declared.
    const call = {
      params: { id: groupId },
      query: { ...listQueryParams(params), ...ownParams(params) },
    } as unknown as RequestOf<E>;
    const body = (await apiCall(route, call, { signal })) as { records: ItemOf<E>[] };
    return body.records;
  }

  const query = (groupId: number, params: Params = none) =>
    queryOptions({
      queryKey: queryKeys.catalogue(list, groupId, params),
      queryFn: ({ signal }) => fetchList(groupId, params, signal),
      staleTime: CATALOGUE_FRESH_MS,
    });

  return { route, fetch: fetchList, query };
}

/** A list in a language; idle until the group is known. */
export function useCatalogueList<E extends Endpoint, Params extends ListParams>(
  list: ReturnType<typeof catalogueList<E, Params>>,
  groupId: number | undefined,
  params: Params,
) {
  return useQuery({ ...list.query(groupId ?? 0, params), enabled: groupId !== undefined });
}
