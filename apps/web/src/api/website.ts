/** GET /v3/websites?group_id= — the mini-site home settings (docs/requirements/booking-flow.md §3 Website). */

import type { Website } from '@creneau/contract/endpoints/groups';
import * as groups from '@creneau/contract/endpoints/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, callPath } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The answer, as the API contract declares it. */
export type { Website };

export function fetchWebsite(groupId: number, signal?: AbortSignal): Promise<Website> {
  return apiGet<Website>(callPath(groups.getWebsite, {}), { group_id: groupId }, { signal });
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
