/**
 * Platform administrators are named by the deployment (PLATFORM_ADMINS), never granted from the
 * app (docs/decisions/014-platform-administrators.md): an account is one when its address is listed.
 */
import { normalizeEmail } from '@creneau/core/validation/email';
import type { ViewerScope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';

/** The administrator's account id; 401 without a session, 403 for anyone not listed. */
export function requirePlatformAdmin({ ctx, viewer }: ViewerScope): number {
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  // A session opened from an e-mail link acts on one booking only, never for the platform.
  if (viewer.accountId === null || viewer.scope || !viewer.email) throw errors.forbidden();
  if (!ctx.config.platformAdmins.includes(normalizeEmail(viewer.email))) throw errors.forbidden();
  return viewer.accountId;
}
