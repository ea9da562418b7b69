/** What a call-centre professional works with: the active groups their account may book in. */
import type { ViewerScope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { everyShard } from '../../sharding/group-shard-context.ts';
import { listActiveGroups } from './pros.repository.ts';

export async function listProGroups({ ctx, viewer }: ViewerScope) {
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  if (viewer.type !== 'pro') throw errors.forbidden();
  // Their groups may be on several shards (docs/operations.md "Sharding"): each is asked.
  const lists = await Promise.all(everyShard(ctx).map((db) => listActiveGroups(db, viewer.proGroupIds)));
  if (lists.length === 1) return lists[0]!;
  return lists.flat().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
}
