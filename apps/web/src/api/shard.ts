/** GET /shard?value=URLNAME&field=urlname — the shard holding a group (docs/requirements/booking-flow.md §7). */

import type { ShardLookup } from '@creneau/contract/endpoints/groups';
/** The answer, as the API contract declares it. */
import * as groups from '@creneau/contract/endpoints/groups';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, callPath } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type { ShardLookup };

export function fetchShard(urlname: string, signal?: AbortSignal): Promise<ShardLookup> {
  return apiGet<ShardLookup>(
    callPath(groups.findShard, {}),
    { value: urlname, field: 'urlname' },
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
