/** GET /v3/groups/{id}/pack_interventions — opened packs (docs/requirements/booking-flow.md §3 Pack). */
import * as routes from '@creneau/contract/routes';
import { queryOptions, useQuery } from '../query/query.ts';
import { CATALOGUE_FRESH_MS } from './catalogue-list.ts';
import { type ListParams, listQueryParams } from './catalogue-params.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

export async function fetchPackInterventions(groupId: number, params: ListParams = {}, signal?: AbortSignal) {
  const body = await apiCall(
    routes.catalogue.listPackInterventions,
    { params: { id: groupId }, query: listQueryParams(params) },
    { signal },
  );
  return body.records;
}

export const packInterventionsQuery = (groupId: number, params: ListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.packInterventions(groupId, params),
    queryFn: ({ signal }) => fetchPackInterventions(groupId, params, signal),
    // As fresh as the other catalogue lists (catalogue-list.ts).
    staleTime: CATALOGUE_FRESH_MS,
  });

/** The group's packs in a language. */
export function usePackInterventions(groupId: number | undefined, params: ListParams = {}) {
  return useQuery({ ...packInterventionsQuery(groupId ?? 0, params), enabled: groupId !== undefined });
}
