import type { AppContext, Scope } from '../../app-context.ts';
import type { GroupRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { requireAccess } from './appointment-access.ts';
import { calendarEventOf, presentAppointment } from './appointment-presenter.ts';
import * as repo from './appointments.repository.ts';
import { refuseChange } from './booking-rules.ts';
import { buildCalendar } from './ics.ts';

const YEAR_MS = 365 * 24 * 3_600_000;

/** The appointment and every other one of its booking (same consecutive_value or pack), by start. */
export async function bookingOf(ctx: AppContext, groupId: number, id: number) {
  const [row] = await repo.findDetailed(ctx.db, groupId, [id]);
  if (!row) return { row: undefined, booking: [] };
  const booking = row.consecutive_value
    ? await repo.findConsecutive(ctx.db, groupId, row.consecutive_value)
    : [row];
  return { row, booking };
}

/** What a link session was opened for: the appointment named in it and the rest of its booking. */
export async function scopeBooking(ctx: AppContext, group: GroupRow, viewer: Viewer) {
  if (!viewer.scope) return [];
  return (await bookingOf(ctx, group.id, viewer.scope.appointmentId)).booking;
}

/** Pack first items carry their included appointments (docs/requirements/accounts-and-appointments.md §3 `interventions`). */
export function presentWithIncluded(
  rows: readonly repo.DetailedAppointment[],
  ctx: AppContext,
  locale?: string,
) {
  return rows.map((row) =>
    presentAppointment(row, {
      locale,
      videoBaseUrl: ctx.config.videoBaseUrl,
      included: row.type === 'first' ? rows.filter((r) => r.parent_id === row.id) : [],
    }),
  );
}

/**
 * The upcoming appointments (not yet ended) of some records in the group, by start: what the login
 * answer carries as `fiche.appointments` (docs/api.md, the login answer).
 */
export async function upcomingAppointments(
  { ctx, group, now }: Pick<Scope, 'ctx' | 'group' | 'now'>,
  db: Parameters<typeof repo.listForFiches>[0],
  ficheIds: readonly number[],
) {
  // From a day back: one that started and has not ended is still upcoming.
  const rows = await repo.listForFiches(db, ficheIds, new Date(now.getTime() - 24 * 3_600_000), group.id);
  const locale = group.settings.locale;
  return presentWithIncluded(rows, ctx, locale).filter((a) => new Date(a.end) > now);
}

export interface ListQuery {
  groupId: number;
  includePast: boolean;
  limitPast: number;
  locale?: string | undefined;
}

/** The viewer's appointments in the group: future ones ascending, then up to limitPast past ones descending. */
export async function listAppointments(scope: Scope, query: ListQuery) {
  const { ctx, group, viewer } = scope;
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  let ficheIds: number[];
  if (viewer.type === 'user') ficheIds = await repo.ficheIdsOfAccount(ctx.db, viewer.accountId!, group.id);
  else if (
    (viewer.type === 'fiche' || viewer.type === 'guest') &&
    viewer.groupId === group.id &&
    viewer.ficheId
  )
    ficheIds = [viewer.ficheId];
  else if (viewer.type === 'pro') throw errors.forbidden();
  else ficheIds = [];
  const now = ctx.now();
  const rows = await repo.listForFiches(ctx.db, ficheIds, new Date(now.getTime() - YEAR_MS), group.id);
  const scoped = viewer.scope ? new Set((await scopeBooking(ctx, group, viewer)).map((r) => r.id)) : null;
  const visible = scoped ? rows.filter((r) => scoped.has(r.id)) : rows;
  const presented = presentWithIncluded(visible, ctx, query.locale);
  const future = presented.filter((a) => new Date(a.end) > now);
  const past = query.includePast
    ? presented
        .filter((a) => new Date(a.end) <= now)
        .reverse()
        .slice(0, query.limitPast)
    : [];
  return [...future, ...past];
}

/** Whether the appointment may still be changed by this viewer (docs/requirements/accounts-and-appointments.md §4 edit; §8 mintimeRDVModifyError). */
export async function checkEditable(scope: Scope, id: number) {
  const { ctx, group, viewer } = scope;
  const { row, booking } = await bookingOf(ctx, group.id, id);
  if (!row) throw errors.notFound('appointmentNotFound');
  requireAccess(scope, { rows: [row], action: 'edit', scopeBooking: await scopeBooking(ctx, group, viewer) });
  if (row.status === 'cancelled')
    throw errors.conflict('aptAlreadyCanceled', {
      phone: group.settings.phone,
    });
  refuseChange(scope, (booking[0] ?? row).starts_at);
  return {
    editable: true,
    appointment: presentWithIncluded(booking, ctx)[booking.indexOf(row)] ?? null,
    booking: presentWithIncluded(booking, ctx),
  };
}

/** The booking of an appointment as an iCalendar file. */
export async function exportCalendar(scope: Scope, id: number): Promise<string> {
  const { ctx, group, viewer } = scope;
  const { row, booking } = await bookingOf(ctx, group.id, id);
  if (!row) throw errors.notFound('appointmentNotFound');
  requireAccess(scope, {
    rows: booking,
    action: 'export',
    scopeBooking: await scopeBooking(ctx, group, viewer),
  });
  const locale = group.settings.locale;
  return buildCalendar(
    booking.filter((r) => r.status === 'confirmed').map((r) => calendarEventOf(r, locale)),
    ctx.now(),
  );
}
