/**
 * Whom a single sign-on call is about: the group its url name names, and that group's provider.
 * A module of its own, below the flow (sso.service.ts) and the account linking
 * (sso-accounts.service.ts) that both receive it.
 */
import type { CallScope } from '../../app-context.ts';
import type { GroupRow } from '../../db/database.ts';
import { dbForUrlname } from '../../sharding/group-shard-context.ts';
import { findGroupByUrlname } from '../groups/groups.repository.ts';
import type { SsoSettings } from './sso-provider.ts';

/**
 * The scope of a single sign-on call about one group: named by its url name (these are browser
 * navigations, not api calls), active, with a provider. Nobody is logged in yet: no viewer.
 */
export interface SsoScope extends CallScope {
  group: GroupRow;
  sso: SsoSettings;
}

/**
 * The scope for an active group with a provider, or undefined (the routes then behave as for an
 * unknown page). `ctx` is the request's context: its clock reads the request's instant.
 */
export async function ssoScopeOf(call: CallScope, urlname: string): Promise<SsoScope | undefined> {
  const group = await findGroupByUrlname(await dbForUrlname(call.ctx, urlname), urlname);
  const sso = group?.sso as SsoSettings | null | undefined;
  return group?.active && sso ? { ...call, group, sso } : undefined;
}
