/** What a call-centre professional works with: the active groups their account may book in. */
import type { ViewerScope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { listActiveGroups } from './pros.repository.ts';

export async function listProGroups({ ctx, viewer }: ViewerScope) {
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  if (viewer.type !== 'pro') throw errors.forbidden();
  return listActiveGroups(ctx.db, viewer.proGroupIds);
}
