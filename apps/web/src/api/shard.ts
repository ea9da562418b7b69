/** GET /shard?value=URLNAME&field=urlname — the shard holding a group (docs/requirements/booking-flow.md §7). */
import type { ShardLookup } from '@creneau/contract/endpoints/groups';
import { routes } from '@creneau/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type { ShardLookup } from '@creneau/contract/endpoints/groups';

export function fetchShard(urlname: string, signal?: AbortSignal): Promise<ShardLookup> {
  return apiCall(
    routes.groups.findShard,
    { query: { value: urlname, field: 'urlname' } },
    { signal, withToken: false },
  );
}

export const shardQuery = (urlname: string) =>
  queryOptions({
    queryKey: queryKeys.shard(urlname),
    queryFn: ({ signal }) => fetchShard(urlname, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
