/** What a call-centre professional works with: the active groups their account may book in. */
import type { AppContext } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { listActiveGroups } from './pros.repository.ts';

export async function listProGroups(ctx: AppContext, viewer: Viewer) {
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  if (viewer.type !== 'pro') throw errors.forbidden();
  return listActiveGroups(ctx.db, viewer.proGroupIds);
}
