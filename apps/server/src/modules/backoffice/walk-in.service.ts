/**
 * Booking for a customer from a free place in the agenda (docs/back-office.md "Booking from the
 * agenda"): a walk-in at the desk or a call. It goes through the booking service the booking pages
 * use — the same engine check under the same calendar locks, the same person limits, the same mails
 * — so a booking from the agenda and one from the public page can never both take one place.
 *
 * An owner or a manager may book past the notice limits and the capacity by giving a reason; the
 * reason is kept in the appointment's history, in the same transaction as the booking.
 */
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { recordHistory } from '../appointments/appointment-history.ts';
import { createBooking } from '../appointments/booking.service.ts';
import { refuseBookingOutsideHorizon } from '../availability/booking-horizon.ts';
import { presentAgendaAppointment } from './agenda-presenter.ts';
import * as repo from './backoffice.repository.ts';
import { requireRight, worksOn } from './membership.service.ts';
import { roleAllows } from './staff-rights.ts';

export type WalkInCustomer =
  | { fiche_id: number }
  | { firstname: string; lastname: string; email?: string | undefined; phone?: string | undefined };

export interface WalkInRequest {
  calendarId: number;
  interventionId: number;
  start: Date;
  customer: WalkInCustomer;
  comments?: string | undefined;
  notifyCustomer: boolean;
  overrideReason?: string | undefined;
}

/** The booking's fiche as the booking service takes it: an id, or the fields of a new record. */
function ficheOf(customer: WalkInCustomer): number | Record<string, unknown> {
  if ('fiche_id' in customer) return customer.fiche_id;
  return {
    firstname: customer.firstname,
    lastname: customer.lastname,
    ...(customer.email ? { email: customer.email } : {}),
    ...(customer.phone ? { firstphone: customer.phone } : {}),
  };
}

export async function bookFromAgenda(scope: Scope, request: WalkInRequest) {
  const member = await requireRight(scope, 'appointment.book');
  if (!worksOn(member, request.calendarId)) throw errors.forbidden();
  const reason = request.overrideReason?.trim();
  if (reason && !roleAllows(member.role, 'appointment.override')) throw errors.forbidden();
  const { ctx, group, viewer } = scope;
  // The horizon is one of the rules an override lifts; without one it is refused as on the pages.
  if (!reason) await refuseBookingOutsideHorizon(scope, { start: request.start, parameter: 'start' });

  const appointmentId = await ctx.db.transaction().execute(async (trx) => {
    const booked = await createBooking(scope, trx, {
      request: {
        start: request.start,
        fiche: ficheOf(request.customer),
        comments: request.comments?.trim() || undefined,
        vevent: {},
        selection: { interventionIds: [request.interventionId], calendarId: request.calendarId },
        withToken: false,
      },
      notifyCustomer: request.notifyCustomer,
      override: reason ? { reason } : undefined,
    });
    const ids = booked.records.map((record) => record.id);
    if (reason)
      await recordHistory(trx, {
        groupId: group.id,
        appointmentIds: ids,
        viewer,
        action: 'override',
        at: ctx.now(),
        details: { reason },
      });
    return ids[0]!;
  });
  const row = await repo.findAgendaAppointment(ctx.db, group.id, group.settings.timezone, appointmentId);
  if (!row) throw errors.notFound('appointmentNotFound');
  return presentAgendaAppointment(row);
}
