/** GET /v3/services/groups/{urlname}.json — the group configuration the booking page starts from. */
import type { PublicGroup } from '@creneau/contract/endpoints/groups';
import * as routes from '@creneau/contract/routes';
import { queryOptions, useQuery } from '../query/query.ts';
import { followGroupGeneration } from './api-generation.ts';
import { ApiError, apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The group as the server publishes it (docs/requirements/booking-flow.md §3 Group): its settings
 * but the private booking rules, with facts derived from its catalogue; map_tile_url may be
 * missing, and the map page then falls back to the build-time tile URL.
 */
export type Group = PublicGroup;

/** What the inactive answer carries so the inactive page can show the name and phone. */
export interface InactiveGroup {
  urlname: string;
  name: string;
  phone: string | null;
  inactive: true;
}

/** The inactive group's details when the error is the inactive variant of groupDoesNotExist. */
export function inactiveGroupOf(error: unknown): InactiveGroup | null {
  if (!(error instanceof ApiError) || error.key !== 'groupDoesNotExist') return null;
  const group = (error.body as { group?: InactiveGroup } | null)?.group;
  return group?.inactive ? group : null;
}

export async function fetchGroup(urlname: string, signal?: AbortSignal): Promise<Group> {
  const group = await apiCall(routes.groups.getGroup, { params: { urlname } }, { signal });
  // Every later call of the page follows the group's API generation.
  followGroupGeneration(group);
  return group;
}

export const groupQuery = (urlname: string) =>
  queryOptions({
    queryKey: queryKeys.group(urlname),
    queryFn: ({ signal }) => fetchGroup(urlname, signal),
    staleTime: 5 * 60_000,
    // A 404 is an answer (not_found / inactive), not a hiccup worth retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** The group of the current page. */
export function useGroup(urlname: string) {
  return useQuery(groupQuery(urlname));
}
