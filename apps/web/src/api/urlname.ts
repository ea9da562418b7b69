/** GET /urlname?website=HOST — the group served on a host, for "/" with no url name (docs/requirements/booking-flow.md §2). */
import type { UrlnameLookup } from '@creneau/contract/endpoints/groups';
import * as routes from '@creneau/contract/routes';
import { queryOptions, useQuery } from '../query/query.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type { UrlnameLookup } from '@creneau/contract/endpoints/groups';

export function fetchUrlnameForHost(host: string, signal?: AbortSignal): Promise<UrlnameLookup> {
  return apiCall(routes.groups.findUrlnameByHost, { query: { website: host } }, { signal, withToken: false });
}

export const urlnameQuery = (host: string) =>
  queryOptions({
    queryKey: queryKeys.urlname(host),
    queryFn: ({ signal }) => fetchUrlnameForHost(host, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The url name behind a host. */
export function useUrlnameForHost(host: string) {
  return useQuery(urlnameQuery(host));
}
