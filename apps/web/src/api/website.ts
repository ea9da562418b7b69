/** GET /v3/websites?group_id= — the mini-site home settings (docs/requirements/booking-flow.md §3 Website). */
import type { Website } from '@creneau/contract/endpoints/groups';
import * as routes from '@creneau/contract/routes';
import { queryOptions, useQuery } from '../query/query.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The home settings; openinghours are ranges per weekday, "HH:MM" in the group's time zone. */
export type { Website } from '@creneau/contract/endpoints/groups';

export function fetchWebsite(groupId: number, signal?: AbortSignal): Promise<Website> {
  return apiCall(routes.groups.getWebsite, { query: { group_id: groupId } }, { signal });
}

export const websiteQuery = (groupId: number) =>
  queryOptions({
    queryKey: queryKeys.website(groupId),
    queryFn: ({ signal }) => fetchWebsite(groupId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The group's home settings (404 noWebsite when it has none). */
export function useWebsite(groupId: number | undefined) {
  return useQuery({ ...websiteQuery(groupId ?? 0), enabled: groupId !== undefined });
}
