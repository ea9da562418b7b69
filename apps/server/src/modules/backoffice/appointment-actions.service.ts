/**
 * The staff's actions on one appointment (docs/back-office.md "Appointment detail"): reading it
 * with its history, moving it and cancelling it. Moves and cancellations go through the same
 * services as the customer's own, so the place is checked the same way and the customer is mailed
 * the same way; the staff are exempt from the notice rules, as professionals always were.
 */

import { COMMENTS_FIELD_NAME } from '@creneau/core/validation/hidden-fields';
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { listHistory } from '../appointments/appointment-history.ts';
import { cancelAppointments } from '../appointments/cancellation.service.ts';
import { changeBooking } from '../appointments/change.service.ts';
import { presentAgendaAppointment } from './agenda-presenter.ts';
import * as repo from './backoffice.repository.ts';
import { type Membership, requireRight, worksOn } from './membership.service.ts';
import type { StaffRight } from './staff-rights.ts';

/** The appointment, if the member works on its calendar (or its resource); not found otherwise. */
async function appointmentOfMember(scope: Scope, member: Membership, appointmentId: number) {
  const { ctx, group } = scope;
  const row = await repo.findAgendaAppointment(ctx.db, group.id, group.settings.timezone, appointmentId);
  if (!row || !(worksOn(member, row.calendar_id) || worksOn(member, row.resource_id)))
    throw errors.notFound('appointmentNotFound');
  return row;
}

async function reachable(scope: Scope, right: StaffRight, appointmentId: number) {
  const member = await requireRight(scope, right);
  return { member, row: await appointmentOfMember(scope, member, appointmentId) };
}

/** Answers shown as they were given: a choice by its label, anything else as it is. */
type Answer = string | number | boolean;

/**
 * The booking form's answers of an appointment, labelled by the group's form in its order; an
 * answer to a field the form no longer has keeps its name as label. The free comment has its own
 * place in the detail and is left out.
 */
async function formAnswers({ ctx, group }: Scope, appointmentId: number) {
  const [appointment, fields] = await Promise.all([
    ctx.db
      .selectFrom('appointments')
      .select('vevent')
      .where('group_id', '=', group.id)
      .where('id', '=', appointmentId)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('form_fields')
      .select('definition')
      .where('group_id', '=', group.id)
      .where('form', '=', 'vevent')
      .orderBy('position')
      .execute(),
  ]);
  const given = (appointment?.vevent ?? {}) as Record<string, unknown>;
  const shown = (value: unknown): value is Answer =>
    (typeof value === 'string' && value.trim() !== '') ||
    typeof value === 'number' ||
    typeof value === 'boolean';
  const answers: { name: string; label: string; value: Answer }[] = [];
  const known = new Set<string>();
  for (const { definition } of fields) {
    known.add(definition.name);
    const value = given[definition.name];
    if (definition.name === COMMENTS_FIELD_NAME || !shown(value)) continue;
    const choice = definition.choices?.find((c) => c.value === String(value));
    answers.push({ name: definition.name, label: definition.label, value: choice ? choice.label : value });
  }
  for (const [name, value] of Object.entries(given))
    if (!known.has(name) && name !== COMMENTS_FIELD_NAME && shown(value))
      answers.push({ name, label: name, value });
  return answers;
}

export async function readAppointment(scope: Scope, appointmentId: number) {
  const { row } = await reachable(scope, 'agenda.read', appointmentId);
  const history = await listHistory(scope.ctx.db, scope.group.id, appointmentId);
  const booked = {
    at: new Date(row.created_at).toISOString(),
    actor: row.booked_by_pro_id === null ? ('customer' as const) : ('staff' as const),
    actor_name: row.booked_by_name,
    action: 'booked' as const,
    details: {},
  };
  return {
    appointment: presentAgendaAppointment(row),
    form_answers: await formAnswers(scope, appointmentId),
    history: [
      booked,
      ...history.map((entry) => ({
        at: new Date(entry.at).toISOString(),
        actor: entry.actor,
        actor_name: entry.actor === 'staff' ? (entry.actor_name ?? entry.actor_email) : null,
        action: entry.action,
        details: entry.details as Record<string, unknown>,
      })),
    ],
  };
}

export async function moveAppointment(
  scope: Scope,
  appointmentId: number,
  move: {
    start: Date;
    calendarId?: number | undefined;
    interventionId?: number | undefined;
    clientAddress: string;
  },
) {
  const { member } = await reachable(scope, 'appointment.manage', appointmentId);
  // Staff move only onto a calendar they work on.
  if (move.calendarId !== undefined && !worksOn(member, move.calendarId)) throw errors.forbidden();
  await changeBooking(scope, appointmentId, {
    start: move.start,
    startField: 'start',
    clientAddress: move.clientAddress,
    calendarId: move.calendarId,
    interventionId: move.interventionId,
  });
  return presentAgendaAppointment(await appointmentOfMember(scope, member, appointmentId));
}

export async function cancelByStaff(
  scope: Scope,
  appointmentId: number,
  request: { reason?: string | undefined; notifyCustomer: boolean },
) {
  const { member } = await reachable(scope, 'appointment.manage', appointmentId);
  await cancelAppointments(scope, [appointmentId], {
    reason: request.reason?.trim() || undefined,
    notifyCustomer: request.notifyCustomer,
  });
  return presentAgendaAppointment(await appointmentOfMember(scope, member, appointmentId));
}
