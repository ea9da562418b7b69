/**
 * Joining and leaving the waiting list (docs/waitlist.md). An entry names a service (or an
 * appointment to bring forward), optionally a calendar, local dates in the group's zone from today
 * to a year ahead, and who to write to in which language. One address holds a few open entries per
 * group at most; joins of one address are serialized so the limit holds under concurrency.
 */
import { dayOfIsoDate } from '@creneau/core/time/civil-day';
import { localDateIn } from '@creneau/core/time/time-zone';
import { normalizeEmail, validateEmail } from '@creneau/core/validation/email';
import type { AppContext, Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { contextOfGroup, everyShard } from '../../sharding/group-shard-context.ts';
import { requireAccess } from '../appointments/appointment-access.ts';
import * as appointments from '../appointments/appointments.repository.ts';
import { bookingSchedule } from '../availability/availability.service.ts';
import { takeWaitlistAttempt } from '../security/send-limits.ts';
import * as repo from './waitlist.repository.ts';
import { planOf } from './waitlist-slots.ts';
import { entryOfLeaveToken } from './waitlist-tokens.ts';

/** Open entries one address may hold in one group. */
export const MAX_OPEN_ENTRIES = 5;
/** How far ahead a range may reach, in days from today. */
export const MAX_RANGE_DAYS = 366;

export interface JoinRequest {
  interventionId?: number | undefined;
  calendarId?: number | undefined;
  appointmentId?: number | undefined;
  from: string;
  to: string;
  email: string;
  firstname: string;
  lastname: string;
  phone?: string | undefined;
  locale: string;
  clientAddress: string;
}

const invalid = (field: string, key: string) => errors.unprocessable(key, { [field]: [key] });

/** The range as local dates, checked against today in the group's zone. */
function checkedRange(scope: Scope, from: string, to: string): { from: string; to: string } {
  const fromDay = dayOfIsoDate(from);
  const toDay = dayOfIsoDate(to);
  if (fromDay === undefined) throw errors.badRequest('Invalid body parameter "from": not a date');
  if (toDay === undefined) throw errors.badRequest('Invalid body parameter "to": not a date');
  if (fromDay > toDay) throw invalid('to', 'waitlistRangeOrder');
  const today = localDateIn(scope.now, scope.group.settings.timezone);
  const todayDay = dayOfIsoDate(today)!;
  if (toDay < todayDay) throw invalid('to', 'waitlistRangePast');
  if (toDay > todayDay + MAX_RANGE_DAYS) throw invalid('to', 'waitlistRangeTooFar');
  // A range that began earlier waits from today on.
  return { from: fromDay < todayDay ? today : from, to };
}

export async function joinWaitlist(scope: Scope, request: JoinRequest) {
  const { ctx, group, viewer, now } = scope;
  if (!group.settings.openData && viewer.type === 'anonymous') throw errors.expiredConnection();
  if (validateEmail(request.email)) throw invalid('email', 'emailValidator');
  const range = checkedRange(scope, request.from, request.to);
  await takeWaitlistAttempt(ctx, { address: request.clientAddress, email: request.email }, now);

  let interventionId = request.interventionId;
  const calendarId = request.calendarId ?? null;
  let ficheId: number | null = viewer.type === 'fiche' || viewer.type === 'guest' ? viewer.ficheId : null;
  if (request.appointmentId !== undefined) {
    // Bringing an appointment forward: only its owner, only a single appointment still to come.
    const [row] = await appointments.findDetailed(ctx.db, group.id, [request.appointmentId]);
    if (!row) throw errors.notFound('appointmentNotFound');
    requireAccess(scope, { rows: [row], action: 'edit' });
    if (row.status !== 'confirmed' || row.starts_at <= now) throw errors.conflict('aptAlreadyCanceled');
    if (row.consecutive_value || row.pack_id) throw invalid('appointment_id', 'waitlistSingleOnly');
    interventionId = row.intervention_id;
    ficheId = row.fiche_id;
  }
  if (interventionId === undefined) throw errors.badRequest('Missing body parameter "intervention_id"');
  // The engine's own reading of the catalogue: a service that cannot be booked here is unknown.
  const schedule = await bookingSchedule(scope, ctx.db);
  if (!planOf(schedule, interventionId)) throw errors.notFound('waitlistServiceNotFound');
  if (calendarId !== null && !planOf(schedule, interventionId, calendarId))
    throw errors.badRequest('Invalid calendar for this service');

  const emailKey = normalizeEmail(request.email);
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockJoiner(trx, group.id, emailKey);
    if ((await repo.countOpenEntries(trx, group.id, emailKey)) >= MAX_OPEN_ENTRIES)
      throw errors.unprocessable('waitlistTooManyEntries', { max: MAX_OPEN_ENTRIES });
    const row = await trx
      .insertInto('waitlist_entries')
      .values({
        group_id: group.id,
        intervention_id: interventionId,
        calendar_id: calendarId,
        from_date: range.from,
        to_date: range.to,
        email: request.email.trim(),
        email_key: emailKey,
        firstname: request.firstname.trim(),
        lastname: request.lastname.trim(),
        phone: request.phone?.trim() || null,
        locale: request.locale,
        account_id: viewer.type === 'user' ? viewer.accountId : null,
        fiche_id: ficheId,
        appointment_id: request.appointmentId ?? null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, status: 'open' as const };
  });
}

/** Leaves the list with a mail's link; leaving twice answers the same. */
export async function leaveWaitlist(appCtx: AppContext, token: string) {
  const id = entryOfLeaveToken(appCtx.config.cookieSecret, token);
  const found = id === null ? undefined : await entryOnItsShard(appCtx, id);
  if (!found) throw errors.notFound('waitlistLinkInvalid');
  const { ctx, entry } = found;
  if (entry.status === 'open') await repo.closeEntry(ctx.db, entry.id, 'left', ctx.now());
  const status = entry.status === 'open' ? 'left' : entry.status;
  return { status };
}

/**
 * The entry a leave link names, and its group's context. The link names no group, so on a sharded
 * deployment each shard is asked in turn (ids are unique over all shards, docs/operations.md
 * "Sharding"); one database: one look-up.
 */
async function entryOnItsShard(appCtx: AppContext, id: number) {
  for (const db of everyShard(appCtx)) {
    const entry = await repo.findEntry(db, id);
    if (entry) return { ctx: await contextOfGroup(appCtx, entry.group_id, true), entry };
  }
  return undefined;
}
