/**
 * The caller's membership of a group's staff, checked on every back-office call
 * (docs/back-office.md "Roles"): no session answers 401, a customer or a member of another
 * group 403, a member without the right 403.
 */
import type { Scope } from '../../app-context.ts';
import type { StaffRole } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import * as repo from './backoffice.repository.ts';
import { isLimitedToCalendars, rightsOf, roleAllows, type StaffRight } from './staff-rights.ts';

export interface Membership {
  accountId: number;
  groupId: number;
  role: StaffRole;
  /** The calendars the member works on; null for every calendar of the group. */
  calendarIds: readonly number[] | null;
}

/** The caller's membership, refusing anyone who does not hold `right` in the scope's group. */
export async function requireRight({ ctx, viewer, group }: Scope, right: StaffRight): Promise<Membership> {
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  // Link sessions (a cancel or export link) act for a customer, never for the business.
  if (viewer.type !== 'pro' || viewer.accountId === null || viewer.scope) throw errors.forbidden();
  const found = await repo.findMembership(ctx.db, viewer.accountId, group.id);
  if (!found || !roleAllows(found.role, right)) throw errors.forbidden();
  return {
    accountId: viewer.accountId,
    groupId: group.id,
    role: found.role,
    calendarIds: isLimitedToCalendars(found.role, found.all_calendars) ? found.calendarIds : null,
  };
}

/** What the back office shows the caller: their role, calendars and rights (any member may ask). */
export async function describeMembership(scope: Scope) {
  const { viewer, group, ctx } = scope;
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  if (viewer.type !== 'pro' || viewer.accountId === null || viewer.scope) throw errors.forbidden();
  const found = await repo.findMembership(ctx.db, viewer.accountId, group.id);
  if (!found) throw errors.forbidden();
  return {
    group_id: group.id,
    role: found.role,
    calendar_ids: isLimitedToCalendars(found.role, found.all_calendars) ? [...found.calendarIds] : null,
    rights: [...rightsOf(found.role)],
  };
}

/** Whether the member works on a calendar. */
export function worksOn(member: Membership, calendarId: number | null): boolean {
  return calendarId !== null && (member.calendarIds === null || member.calendarIds.includes(calendarId));
}
