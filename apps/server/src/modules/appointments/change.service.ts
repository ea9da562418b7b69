/**
 * Changing a booking (docs/requirements/accounts-and-appointments.md §7 PUT /v3/appointments/{id}, §4 edit mode): a new start (and
 * optionally other calendars), another fiche or new comments. The booking keeps its ids; its old
 * slot is freed and the new one checked like a new booking, in the same transaction — if the new
 * start does not fit, nothing changes.
 */
import type { AppointmentChoice, BookingSelection } from '@creneau/core/availability/availability.types';
import type { Transaction } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { refuseBookingOutsideHorizon } from '../availability/booking-horizon.ts';
import { fichesViewerMayEdit } from '../fiches/fiches.service.ts';
import { enqueueWaitlistScan, freedBy } from '../freed-time/freed-time.ts';
import { bookerKey } from '../security/booker.ts';
import { takeBookingAttempt } from '../security/send-limits.ts';
import { emitAppointmentEvent } from '../webhooks/webhook-events.ts';
import { requireAccess } from './appointment-access.ts';
import { recordHistory } from './appointment-history.ts';
import * as repo from './appointments.repository.ts';
import { presentWithIncluded, scopeBooking } from './appointments-read.service.ts';
import { lockAndCheck, priceItems, rethrowSlotConflict } from './booking.service.ts';
import { sendBookingMail } from './booking-mails.ts';
import { bookingError, checkPersonLimits, refuseChange } from './booking-rules.ts';
import { noticeToBusiness } from './business-mails.ts';
import { scheduleReminders } from './reminder-schedule.ts';
import { markWanted, type WantedSlot } from './slot-taken.ts';

export interface ChangeRequest {
  start?: Date | undefined;
  /** Where the start came from, named in the refusal of a start outside the horizon. */
  startField?: string | undefined;
  /** The caller's address, for the rate limit (a change mails a notice, like a booking). */
  clientAddress: string;
  fiche?: number | undefined;
  comments?: string | undefined;
  calendarId?: number | undefined;
  resourceId?: number | undefined;
  /** Another service for a booking of one appointment (the back office's "change the service"). */
  interventionId?: number | undefined;
}

/** The selection that booked these appointments, for the engine to place them again. */
function selectionOf(booking: readonly repo.DetailedAppointment[], change: ChangeRequest): BookingSelection {
  const packs = new Set<number>();
  const appointments = booking.flatMap((row): AppointmentChoice[] => {
    if (row.pack_id) {
      if (packs.has(row.pack_id)) return [];
      packs.add(row.pack_id);
      return [{ packId: row.pack_id }];
    }
    return [
      {
        interventionId: change.interventionId ?? row.intervention_id,
        calendarId: change.calendarId ?? row.calendar_id,
        resourceId: change.resourceId ?? row.resource_id ?? undefined,
      },
    ];
  });
  return { appointments };
}

/** Work done in the change's transaction once the booking is written (the waiting list's offer). */
export type AfterChange = (
  trx: Transaction<Database>,
  rows: readonly repo.DetailedAppointment[],
) => Promise<void>;

export async function changeBooking(
  scope: Scope,
  id: number,
  change: ChangeRequest,
  afterChange?: AfterChange,
) {
  const { ctx, group, viewer } = scope;
  const settings = group.settings;
  // The person is the session's: only the booking's own customer (or a professional) changes it.
  await takeBookingAttempt(scope, change.clientAddress, bookerKey(viewer, undefined, settings.country));
  if (change.start)
    await refuseBookingOutsideHorizon(scope, {
      start: change.start,
      parameter: change.startField ?? 'appointment.date',
    });
  const linkBooking = await scopeBooking(ctx, group, viewer);
  // The new place asked for, once known: a refusal because it is taken carries it (slot-taken.ts).
  let wanted: WantedSlot | undefined;
  const changed = ctx.db.transaction().execute(async (trx) => {
    // Lock the booking before judging it. Read unlocked, a cancellation committing between this read
    // and the writes below was overwritten: the change set the rows back to confirmed, bringing a
    // cancelled booking back (appointments-concurrency.integration.test.ts, change and cancellation).
    await repo.lockBooking(trx, group.id, id);
    const [row] = await repo.findDetailed(trx, group.id, [id]);
    if (!row) throw errors.notFound('appointmentNotFound');
    const booking = row.consecutive_value
      ? await repo.findConsecutive(trx, group.id, row.consecutive_value)
      : [row];
    requireAccess(scope, { rows: booking, action: 'edit', scopeBooking: linkBooking });
    if (booking.every((r) => r.status === 'cancelled'))
      throw errors.conflict('aptAlreadyCanceled', { phone: settings.phone });
    const first = booking[0]!;
    refuseChange(scope, first.starts_at);
    const ids = booking.map((r) => r.id);
    const changes: { fiche_id?: number; comments?: string | null; updated_at: Date } = {
      updated_at: ctx.now(),
    };
    if (change.fiche !== undefined && change.fiche !== first.fiche_id) {
      try {
        changes.fiche_id = (await fichesViewerMayEdit(scope, trx, change.fiche)).id;
      } catch {
        throw bookingError('forbidden', 'fiche_not_authorized');
      }
    }
    if (change.comments !== undefined) changes.comments = change.comments || null;

    // A new place is a new start, or the same start on another calendar or resource: either way the
    // engine judges it again (a calendar change alone was once written without any check).
    const newStart = change.start ?? first.starts_at;
    const movesCalendar = change.calendarId !== undefined && change.calendarId !== first.calendar_id;
    const movesResource = change.resourceId !== undefined && change.resourceId !== first.resource_id;
    const changesService =
      change.interventionId !== undefined && change.interventionId !== first.intervention_id;
    // Another service fits one appointment; a pack or a chain is booked as a whole, by the customer.
    if (changesService && (booking.length > 1 || first.pack_id))
      throw errors.unprocessable('serviceChangeSingle', { intervention_id: ['serviceChangeSingle'] });
    if (
      newStart.getTime() !== first.starts_at.getTime() ||
      movesCalendar ||
      movesResource ||
      changesService
    ) {
      // Free the old slot first so the engine sees it; a failed check rolls this back.
      await trx.updateTable('appointments').set({ status: 'cancelled' }).where('id', 'in', ids).execute();
      const oldCalendars = booking.flatMap((r) => [r.calendar_id, ...(r.resource_id ? [r.resource_id] : [])]);
      wanted = { selection: selectionOf(booking, change), start: newStart };
      const { schedule, check } = await lockAndCheck(scope, trx, {
        ...wanted,
        extraLocks: oldCalendars,
      });
      // The customer's own rules hold for the new time too; this booking's rows do not count.
      const ficheId = changes.fiche_id ?? first.fiche_id;
      const fiche = await trx
        .selectFrom('fiches')
        .selectAll()
        .where('id', '=', ficheId)
        .executeTakeFirstOrThrow();
      await checkPersonLimits(trx, { group, fiche, items: check.items, now: ctx.now(), replacing: ids });
      const priced = await priceItems(scope, trx, { schedule, items: check.items });
      for (const [index, item] of priced.entries()) {
        const target = booking[index];
        if (!target) throw errors.badRequest('the booking changed shape');
        await trx
          .updateTable('appointments')
          .set({
            ...changes,
            status: 'confirmed',
            intervention_id: item.interventionId,
            calendar_id: item.calendarId,
            resource_id: item.resourceId,
            starts_at: new Date(item.start * 60_000),
            ends_at: new Date(item.end * 60_000),
            duration: item.end - item.start,
            price_amount: item.priceCents,
            intervention_price: item.listCents,
            promotion: item.promotion,
            is_promoted: item.promotion !== null,
            calendar_exclusive: item.exclusive,
            resource_exclusive: item.resourceExclusive,
          })
          .where('id', '=', target.id)
          .execute()
          .catch(rethrowSlotConflict);
      }
    } else {
      await trx.updateTable('appointments').set(changes).where('id', 'in', ids).execute();
    }
    const rows = await repo.findDetailed(trx, group.id, ids);
    const moved =
      rows[0]!.starts_at.getTime() !== first.starts_at.getTime() ||
      rows[0]!.calendar_id !== first.calendar_id ||
      rows[0]!.intervention_id !== first.intervention_id;
    await recordHistory(trx, {
      groupId: group.id,
      appointmentIds: ids,
      viewer,
      action: moved ? 'moved' : 'changed',
      at: ctx.now(),
      details: moved
        ? {
            from: first.starts_at.toISOString(),
            to: rows[0]!.starts_at.toISOString(),
            calendar_from: first.calendar_id,
            calendar_to: rows[0]!.calendar_id,
            ...(rows[0]!.intervention_id !== first.intervention_id
              ? { service_from: first.intervention_name, service_to: rows[0]!.intervention_name }
              : {}),
          }
        : { fields: Object.keys(changes).filter((key) => key !== 'updated_at') },
    });
    await sendBookingMail(scope, trx, { rows, kind: 'appointment_changed' });
    await noticeToBusiness(scope, trx, { rows, event: 'changed' });
    if (moved) await scheduleReminders(trx, group, rows, ctx.now());
    await emitAppointmentEvent(scope, trx, { rows, event: 'changed' });
    // The time it left may be what someone on the waiting list wants (docs/waitlist.md).
    if (moved) await enqueueWaitlistScan(trx, group.id, ctx.now(), freedBy(booking, settings.timezone));
    await afterChange?.(trx, rows);
    return { records: presentWithIncluded(rows, ctx, settings.locale) };
  });
  return changed.catch((error: unknown) => {
    throw markWanted(error, wanted);
  });
}
