/**
 * The group's staff (docs/back-office.md "Staff"): who belongs, with which role and calendars.
 * Owners change roles; a group always keeps at least one owner.
 */
import type { Scope } from '../../app-context.ts';
import type { StaffRole } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import * as repo from './backoffice.repository.ts';
import { requireRight } from './membership.service.ts';
import { isLimitedToCalendars } from './staff-rights.ts';

type MemberRow = Awaited<ReturnType<typeof repo.listMembers>>[number];

const present = (row: MemberRow) => ({
  account_id: row.account_id,
  email: row.email,
  name: row.name,
  role: row.role,
  calendar_ids: isLimitedToCalendars(row.role, row.all_calendars) ? (row.calendar_ids ?? []) : null,
});

export async function listStaff(scope: Scope) {
  await requireRight(scope, 'staff.read');
  return (await repo.listMembers(scope.ctx.db, scope.group.id)).map(present);
}

export async function updateStaffMember(
  scope: Scope,
  accountId: number,
  change: { role: StaffRole; calendar_ids: readonly number[] | null },
) {
  await requireRight(scope, 'staff.manage');
  const { ctx, group } = scope;
  const calendarIds =
    change.role === 'staff' && change.calendar_ids ? [...new Set(change.calendar_ids)] : null;
  if (calendarIds && (await repo.countCalendarsOfGroup(ctx.db, group.id, calendarIds)) !== calendarIds.length)
    throw errors.unprocessable('calendarNotFound', { calendar_ids: ['calendarNotFound'] });
  return ctx.db.transaction().execute(async (trx) => {
    const before = (await repo.listMembers(trx, group.id)).find((m) => m.account_id === accountId);
    if (!before) throw errors.notFound('staffNotFound');
    if (!(await repo.updateMember(trx, group.id, accountId, change.role, calendarIds)))
      throw errors.notFound('staffNotFound');
    // The last owner cannot step down: nobody could manage the group's staff any more.
    if (before.role === 'owner' && change.role !== 'owner' && (await repo.countOwners(trx, group.id)) === 0)
      throw errors.conflict('lastOwner');
    const after = (await repo.listMembers(trx, group.id)).find((m) => m.account_id === accountId)!;
    return present(after);
  });
}
