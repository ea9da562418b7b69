/**
 * The appointments a configuration save leaves outside what is bookable (docs/back-office.md
 * "Stranded appointments"): the schedule is read before and after the save, and every future
 * booked appointment that fitted the first and not the second is answered with its day, so that the owner can move or cancel it. A calendar that still has future appointments cannot be
 * removed at all: its appointments would have nowhere to be moved from.
 */

import type { ScheduleIndex } from '@creneau/core/availability/schedule-index';
import { type HeldAppointment, strandedBy } from '@creneau/core/availability/stranded';
import type { Kysely, Transaction } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { DomainError, errors } from '../../errors/domain-error.ts';
import { loadGroupSchedule } from '../availability/availability.service.ts';
import * as repo from './backoffice.repository.ts';

/**
 * The group's schedule as the booking pages see it now; null while the group is closed (nothing is
 * bookable). `db` may be a save's own transaction, to see the schedule it is about to commit.
 */
export async function bookableSchedule(
  scope: Scope,
  db: Kysely<Database> = scope.ctx.db,
): Promise<ScheduleIndex | null> {
  try {
    return (await loadGroupSchedule(db, { groupId: scope.group.id, now: scope.now })).schedule;
  } catch (error) {
    if (error instanceof DomainError && error.key === 'groupDoesNotExist') return null;
    throw error;
  }
}

const minuteOf = (date: Date | string) => new Date(date).getTime() / 60_000;

/**
 * The future appointments that fitted `before` and do not fit the schedule as `db` sees it now (a
 * save's transaction, before it commits).
 */
export async function strandedSince(
  scope: Scope,
  before: ScheduleIndex | null,
  db: Kysely<Database> = scope.ctx.db,
) {
  if (!before) return [];
  const after = await bookableSchedule(scope, db);
  if (!after) return [];
  const zone = scope.group.settings.timezone;
  const rows = await repo.listComingAppointments(db, scope.group.id, zone, scope.now);
  const held = rows.map((row): HeldAppointment & { row: (typeof rows)[number] } => ({
    id: row.id,
    calendarId: row.calendar_id,
    resourceId: row.resource_id,
    interventionId: row.intervention_id,
    start: Math.floor(minuteOf(row.starts_at)),
    end: Math.ceil(minuteOf(row.ends_at)),
    row,
  }));
  return strandedBy(before, after, held).map((appointment) => {
    const { row } = appointment as (typeof held)[number];
    return {
      id: row.id,
      calendar_id: row.calendar_id,
      calendar_name: row.calendar_name ?? '',
      starts_local: row.starts_local,
      ends_local: row.ends_local,
      intervention_name: row.intervention_name,
      customer: { firstname: row.firstname, lastname: row.lastname },
    };
  });
}

type Json = Record<string, unknown>;

/**
 * Refuses a document that removes (leaves out, or marks deleted) a calendar with future booked
 * appointments: `422 calendarHasAppointments`, a problem on the calendar's externid.
 */
export async function refuseRemovedWithAppointments(
  trx: Transaction<Database>,
  { groupId, document, now }: { groupId: number; document: Json; now: Date },
) {
  const kept = new Set(
    (Array.isArray(document.calendars) ? (document.calendars as Json[]) : [])
      .filter((calendar) => calendar && calendar.deleted !== true)
      .map((calendar) => calendar.externid),
  );
  const live = await trx
    .selectFrom('calendars')
    .select(['id', 'externid'])
    .where('group_id', '=', groupId)
    .where('deleted', '=', false)
    .execute();
  const removed = live.filter((calendar) => !kept.has(calendar.externid));
  const counts = await repo.countComingAppointments(
    trx,
    groupId,
    removed.map((calendar) => calendar.id),
    now,
  );
  const problems = removed
    .filter((calendar) => (counts.get(calendar.id) ?? 0) > 0)
    .map(
      (calendar) =>
        `$.calendars[${calendar.externid}]: ${counts.get(calendar.id)} future appointments are booked on it: move or cancel them first`,
    );
  if (problems.length > 0) throw errors.unprocessable('calendarHasAppointments', { problems });
}
