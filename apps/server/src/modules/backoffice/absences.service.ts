/**
 * Absences and closures from the back office (docs/back-office.md "Absences and closures"): time
 * blocked on some calendars or on the whole group, once or repeated (every N days, weeks on
 * chosen weekdays, or months). The engine honours them at
 * once: they are schedule exceptions, whose every write bumps the group's catalogue version, and
 * they are written under the same calendar locks a booking takes — a booking still waiting for
 * those locks re-reads the schedule (lockAndCheck) instead of booking into the new absence.
 */
import { randomUUID } from 'node:crypto';
import {
  type AbsenceRepetition,
  MAX_ABSENCE_OCCURRENCES,
  repetitionOf,
} from '@creneau/contract/endpoints/backoffice';
import { isoDateOfDay, MINUTES_PER_DAY } from '@creneau/core/time/civil-day';
import { occurrencesOf } from '@creneau/core/time/recurrence';
import { formatWallClock } from '@creneau/core/time/wall-clock';
import { zoneOffsets } from '@creneau/core/time/zone-offsets';
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { lockCalendars } from '../appointments/appointments.repository.ts';
import { enqueueWaitlistScan } from '../freed-time/freed-time.ts';
import { presentAgendaAppointment } from './agenda-presenter.ts';
import * as repo from './backoffice.repository.ts';
import { requireRight, worksOn } from './membership.service.ts';

export interface AbsenceRequest {
  /** Null: every calendar and resource of the group. */
  calendar_ids: readonly number[] | null;
  kind: 'absence' | 'closure';
  /** Local wall-clock date-times in the group's zone, YYYY-MM-DDTHH:MM; `to` excluded. */
  from: string;
  to: string;
  label?: string | null | undefined;
  /** Repeats the same times every week until this date (included). */
  weekly_until?: string | undefined;
  repeat?: AbsenceRepetition | undefined;
}

export async function createAbsence(scope: Scope, request: AbsenceRequest) {
  const member = await requireRight(scope, 'absence.manage');
  const { ctx, group, viewer } = scope;
  const calendars = await repo.listCalendars(ctx.db, group.id);
  const groupIds = new Set(calendars.map((calendar) => calendar.id));
  // A closure of the whole group is for those who work on every calendar.
  if (request.calendar_ids === null && member.calendarIds !== null) throw errors.forbidden();
  const ids = request.calendar_ids === null ? [...groupIds] : [...new Set(request.calendar_ids)];
  if (ids.some((id) => !groupIds.has(id)))
    throw errors.unprocessable('calendarNotFound', { calendar_ids: ['calendarNotFound'] });
  if (ids.some((id) => !worksOn(member, id))) throw errors.forbidden();

  const repetition = repetitionOf(request);
  const series = repetition ? randomUUID() : null;
  const occurrences = occurrencesOf(request.from, request.to, repetition, MAX_ABSENCE_OCCURRENCES);
  // A weekly rule on other weekdays than the first date's may find no day at all.
  if (occurrences.length === 0) throw errors.unprocessable('noOccurrence', { repeat: ['noOccurrence'] });
  const blocks = occurrences.flatMap((occurrence) =>
    ids.map((calendar_id) => ({
      calendar_id,
      kind: request.kind,
      starts_local: occurrence.from.replace('T', ' '),
      ends_local: occurrence.to.replace('T', ' '),
      label: request.label?.trim() || null,
      series,
      created_by: viewer.accountId!,
    })),
  );
  return { series, ...(await writeBlocks(scope, ids, blocks)) };
}

/**
 * Writes blocks under the locks of their calendars (a booking waiting for them then re-reads the
 * schedule), and answers them with the confirmed appointments they now cover.
 */
export async function writeBlocks(
  scope: Scope,
  calendarIds: readonly number[],
  blocks: readonly repo.NewBlock[],
) {
  const { ctx, group } = scope;
  return ctx.db.transaction().execute(async (trx) => {
    await lockCalendars(trx, group.id, calendarIds);
    const inserted = blocks.length > 0 ? await repo.insertBlocks(trx, group.id, blocks) : [];
    const affected = await repo.listAppointmentsInBlocks(
      trx,
      group.id,
      group.settings.timezone,
      inserted.map((block) => block.id),
    );
    return { blocks: inserted, affected: affected.map(presentAgendaAppointment) };
  });
}

/** Now on the group's wall clock, YYYY-MM-DDTHH:MM. */
function localNow(zone: string, now: Date): string {
  const minute = zoneOffsets(zone).localMinuteOf(Math.floor(now.getTime() / 60_000));
  const day = Math.floor(minute / MINUTES_PER_DAY);
  return `${isoDateOfDay(day)}T${formatWallClock(minute - day * MINUTES_PER_DAY)}`;
}

/** The absences and closures not yet over on the calendars the caller works on, and those calendars. */
export async function listAbsences(scope: Scope, limit: number) {
  const member = await requireRight(scope, 'absence.manage');
  const { ctx, group } = scope;
  const zone = group.settings.timezone;
  const calendars = (await repo.listCalendars(ctx.db, group.id)).filter((calendar) =>
    worksOn(member, calendar.id),
  );
  const nowLocal = localNow(zone, scope.now);
  const rows = await repo.listComingAbsences(
    ctx.db,
    group.id,
    nowLocal.replace('T', ' '),
    calendars.map((calendar) => calendar.id),
    limit + 1,
  );
  return {
    time_zone: zone,
    now_local: nowLocal,
    calendars: calendars.map((c) => ({
      id: c.id,
      name: c.name,
      resource: c.is_resource,
      capacity: c.capacity,
    })),
    absences: rows.slice(0, limit).map((row) => ({
      ...row,
      kind: row.kind as 'absence' | 'closure',
    })),
    more: rows.length > limit,
  };
}

export async function deleteAbsence(scope: Scope, absenceId: number, wholeSeries: boolean) {
  const member = await requireRight(scope, 'absence.manage');
  const { ctx, group } = scope;
  const block = await repo.findBlock(ctx.db, group.id, absenceId);
  if (!block || block.kind === 'opening' || !worksOn(member, block.calendar_id))
    throw errors.notFound('absenceNotFound');
  const targets =
    wholeSeries && block.series ? await repo.listSeries(ctx.db, group.id, block.series) : [block];
  if (targets.some((target) => !worksOn(member, target.calendar_id))) throw errors.forbidden();
  return ctx.db.transaction().execute(async (trx) => {
    await lockCalendars(
      trx,
      group.id,
      targets.map((target) => target.calendar_id),
    );
    const deleted = await repo.deleteBlocks(
      trx,
      group.id,
      targets.map((target) => target.id),
    );
    // The time the absence held is free again: maybe for someone on the waiting list (docs/waitlist.md).
    await enqueueWaitlistScan(trx, group.id, scope.now, {
      calendarIds: targets.map((target) => target.calendar_id),
    });
    return { deleted };
  });
}
