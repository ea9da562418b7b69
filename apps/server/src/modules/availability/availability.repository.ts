/**
 * What the availability engine reads, in few queries, every one scoped by group_id: the group's live
 * calendars with their weekly ranges, exceptions and service links (one query, aggregated per
 * calendar), its live services and packs, its running promotions, and the appointments that overlap
 * a stretch of time on the calendars and resources a booking may use.
 */
import { type Kysely, sql } from 'kysely';
import type { Database, PackItem } from '../../db/database.ts';

export interface CalendarScheduleRow {
  id: number;
  is_resource: boolean;
  capacity: number;
  slot_step: number;
  maxrdv_period: number | null;
  /** [[weekday, start_minute, end_minute], …] */
  weekly: [number, number, number][];
  /** [[kind, starts_local, ends_local], …] — local timestamps as text */
  exceptions: ['closure' | 'absence' | 'opening', string, string][];
  /** [[intervention_id, duration], …] */
  links: [number, number | null][];
}

/**
 * Live calendars and resources with their schedules. Exceptions that ended before `sinceLocal`
 * (a local date-time "YYYY-MM-DD HH:MM:SS") cannot matter any more and are left out.
 */
export async function listCalendarSchedules(
  db: Kysely<Database>,
  groupId: number,
  sinceLocal: string,
): Promise<CalendarScheduleRow[]> {
  const result = await sql<CalendarScheduleRow>`
    select c.id, c.is_resource, c.capacity, c.slot_step, c.maxrdv_period,
      coalesce((
        select json_agg(json_build_array(r.weekday, r.start_minute, r.end_minute))
        from opening_ranges r
        where r.group_id = ${groupId} and r.calendar_id = c.id
      ), '[]'::json) as weekly,
      coalesce((
        select json_agg(json_build_array(e.kind, e.starts_local, e.ends_local))
        from schedule_exceptions e
        where e.group_id = ${groupId} and e.calendar_id = c.id and e.ends_local > ${sinceLocal}::timestamp
      ), '[]'::json) as exceptions,
      coalesce((
        select json_agg(json_build_array(l.intervention_id, l.duration))
        from calendar_interventions l
        where l.group_id = ${groupId} and l.calendar_id = c.id
      ), '[]'::json) as links
    from calendars c
    where c.group_id = ${groupId} and c.deleted = false
    order by c.id`.execute(db);
  return result.rows;
}

/** Live services and packs (the selection is checked against them). */
export function listBookableInterventions(db: Kysely<Database>, groupId: number) {
  return db
    .selectFrom('interventions')
    .select(['id', 'type', 'length', 'need_resource', 'only_package', 'status', 'config'])
    .where('group_id', '=', groupId)
    .where('deleted', '=', false)
    .execute() as Promise<
    {
      id: number;
      type: 'free' | 'pack';
      length: number;
      need_resource: boolean;
      only_package: boolean;
      status: 'opened' | 'closed';
      config: PackItem[] | null;
    }[]
  >;
}

/** Promotions still running on or after `today` (a local date). */
export function listRunningPromotions(db: Kysely<Database>, groupId: number, today: string) {
  return db
    .selectFrom('promotions')
    .select(['percent', 'intervention_ids', 'from_date', 'to_date', 'weekdays', 'from_minute', 'to_minute'])
    .where('group_id', '=', groupId)
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('to_date', 'is', null), eb('to_date', '>=', today)]))
    .execute();
}

export interface BusyRow {
  calendar_id: number;
  resource_id: number | null;
  /** Epoch minutes, rounded outwards. */
  start: number;
  end: number;
}

/**
 * Appointments still booked that overlap [from, to) (epoch minutes) on any of `calendarIds` (as the
 * calendar or as the resource), ordered by start. An appointment lasts at most a day (service
 * lengths are capped at 24 hours), which bounds the index scan from below.
 */
export async function listBusy(
  db: Kysely<Database>,
  groupId: number,
  calendarIds: readonly number[],
  from: number,
  to: number,
): Promise<BusyRow[]> {
  if (calendarIds.length === 0 || from >= to) return [];
  const fromAt = new Date(from * 60_000);
  const toAt = new Date(to * 60_000);
  const earliestStart = new Date((from - 2 * 1440) * 60_000);
  const ids = sql`${sql.raw('array[')}${sql.join(calendarIds.map((id) => sql`${id}`))}${sql.raw(']::int[]')}`;
  const result = await sql<BusyRow>`
    select calendar_id, resource_id,
      floor(extract(epoch from starts_at) / 60)::int as start,
      ceil(extract(epoch from ends_at) / 60)::int as "end"
    from appointments
    where group_id = ${groupId} and status = 'confirmed'
      and starts_at < ${toAt} and ends_at > ${fromAt} and starts_at >= ${earliestStart}
      and (calendar_id = any(${ids}) or resource_id = any(${ids}))
    order by starts_at`.execute(db);
  return result.rows;
}
