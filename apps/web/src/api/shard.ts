/** GET /shard?value=URLNAME&field=urlname — the shard holding a group (docs/requirements/booking-flow.md §7). */
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { queryKeys } from './query-keys.ts';

export interface ShardLookup {
  shard_name: string;
}

export function fetchShard(urlname: string, signal?: AbortSignal): Promise<ShardLookup> {
  return apiGet<ShardLookup>('/shard', { value: urlname, field: 'urlname' }, { signal, withToken: false });
}

export const shardQuery = (urlname: string) =>
  queryOptions({
    queryKey: queryKeys.shard(urlname),
    queryFn: ({ signal }) => fetchShard(urlname, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
