/** GET /urlname?website=HOST — the group served on a host, for "/" with no url name (docs/requirements/booking-flow.md §2). */

import type { UrlnameLookup } from '@creneau/contract/endpoints/groups';
/** The answer, as the API contract declares it. */
import * as groups from '@creneau/contract/endpoints/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, callPath } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type { UrlnameLookup };

export function fetchUrlnameForHost(host: string, signal?: AbortSignal): Promise<UrlnameLookup> {
  return apiGet<UrlnameLookup>(
    callPath(groups.findUrlnameByHost, {}),
    { website: host },
    { signal, withToken: false },
  );
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
