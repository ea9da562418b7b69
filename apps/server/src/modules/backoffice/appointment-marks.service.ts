/**
 * What the business records about a visit (docs/back-office.md "Appointment marks"): arrived or
 * no-show, and a private note. Staff members mark only appointments of the calendars they work on.
 */
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { recordHistory } from '../appointments/appointment-history.ts';
import { presentAgendaAppointment } from './agenda-presenter.ts';
import * as repo from './backoffice.repository.ts';
import { requireRight, worksOn } from './membership.service.ts';

type Marks = { attendance: 'arrived' | 'no_show' | null } | { staff_note: string | null };

export async function markAppointment(scope: Scope, appointmentId: number, marks: Marks) {
  const member = await requireRight(scope, 'appointment.mark');
  const { ctx, group, now } = scope;
  const zone = group.settings.timezone;
  const row = await repo.findAgendaAppointment(ctx.db, group.id, zone, appointmentId);
  // Another group's appointment, or one on a calendar the member does not work on: not theirs to see.
  if (!row || !(worksOn(member, row.calendar_id) || worksOn(member, row.resource_id)))
    throw errors.notFound('appointmentNotFound');
  if ('attendance' in marks && row.status === 'cancelled') throw errors.conflict('aptAlreadyCanceled');
  const action =
    'staff_note' in marks
      ? ('note' as const)
      : marks.attendance === null
        ? ('attendance_cleared' as const)
        : marks.attendance;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateAppointmentMarks(trx, group.id, appointmentId, marks, now);
    // The note's text stays in the appointment alone: the history says that it changed, not what it said.
    await recordHistory(trx, {
      groupId: group.id,
      appointmentIds: [appointmentId],
      viewer: scope.viewer,
      action,
      at: now,
    });
  });
  const updated = await repo.findAgendaAppointment(ctx.db, group.id, zone, appointmentId);
  return presentAgendaAppointment(updated!);
}
