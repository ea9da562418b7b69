/**
 * What the availability engine reads, scoped by group_id, in as few round trips as possible (on
 * this kind of machine a round trip costs more than the rows it brings):
 * - the group row with its whole schedule — live calendars and resources with their weekly ranges,
 *   exceptions and service links, live services and packs, running promotions — aggregated as JSON,
 *   together with the appointments of a stretch of time around the requested days: one statement
 *   answers a usual request;
 * - more appointments when a search needs them (long chains, the first slot weeks ahead).
 * Appointments come packed by PostgreSQL into one text value: a thousand rows parse several times
 * faster that way than as a thousand result rows.
 */

import type { AppointmentColumns } from '@creneau/core/availability/availability.types';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, GroupRow, PackItem } from '../../db/database.ts';

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

export interface InterventionScheduleRow {
  id: number;
  type: 'free' | 'pack';
  length: number;
  need_resource: boolean;
  only_package: boolean;
  status: 'opened' | 'closed';
  config: PackItem[] | null;
}

export interface PromotionScheduleRow {
  percent: number;
  intervention_ids: number[] | null;
  from_date: string | null;
  to_date: string | null;
  weekdays: number[] | null;
  from_minute: number | null;
  to_minute: number | null;
}

export interface GroupSchedule {
  group: GroupRow;
  calendars: CalendarScheduleRow[];
  interventions: InterventionScheduleRow[];
  promotions: PromotionScheduleRow[];
  /** The appointments of every calendar of the group over the asked stretch. */
  busy: AppointmentColumns;
}

/** Epoch minutes → timestamptz parameter. */
const instant = (minute: number) => new Date(minute * 60_000);

/**
 * "calendar,resource,start,length;…": resource 0 for none, start in minutes after `base` and
 * length in minutes, both rounded outwards — short numbers, quick to write and to read.
 * date_part (double precision) rather than extract (numeric), and no ORDER BY: both cost more than
 * the whole scan (the engine sorts what it needs).
 */
const packedBusy = (base: number) => sql`string_agg(
  a.calendar_id || ',' || coalesce(a.resource_id, 0) || ','
    || (floor(date_part('epoch', a.starts_at) / 60)::int - ${base}::int) || ','
    || (ceil(date_part('epoch', a.ends_at) / 60)::int - floor(date_part('epoch', a.starts_at) / 60)::int),
  ';')`;

/**
 * An appointment lasts at most a day (service lengths are capped at 24 hours): twice that bounds how
 * long before a span an appointment overlapping it can start.
 */
export const LONGEST_APPOINTMENT_MINUTES = 2 * 1440;
const LONGEST = LONGEST_APPOINTMENT_MINUTES;

/** Booked appointments overlapping [from, to); their maximal length bounds the index scan from below. */
const overlapping = (from: number, to: number) => sql`a.status = 'confirmed'
  and a.starts_at < ${instant(to)} and a.ends_at > ${instant(from)}
  and a.starts_at >= ${instant(from - LONGEST)}`;

/**
 * The group, its schedule and its appointments over [busyFrom, busyTo) (epoch minutes), or
 * undefined for an unknown group. Exceptions that ended before `sinceLocal` and promotions that
 * ended before `sinceDate` cannot matter any more and are left out.
 */
export async function loadGroupSchedule(
  db: Kysely<Database>,
  groupId: number,
  since: { local: string; date: string },
  busy: { from: number; to: number },
): Promise<GroupSchedule | undefined> {
  const result = await sql<
    Omit<GroupRow, 'sso'> & {
      calendars: CalendarScheduleRow[];
      interventions: InterventionScheduleRow[];
      promotions: PromotionScheduleRow[];
      busy: string | null;
    }
  >`
    select g.id, g.urlname, g.name, g.active, g.settings, g.created_at, g.updated_at, g.catalogue_version,
      coalesce((
        select json_agg(json_build_object(
          'id', c.id, 'is_resource', c.is_resource, 'capacity', c.capacity, 'slot_step', c.slot_step,
          'maxrdv_period', c.maxrdv_period,
          'weekly', coalesce((
            select json_agg(json_build_array(r.weekday, r.start_minute, r.end_minute))
            from opening_ranges r
            where r.group_id = g.id and r.calendar_id = c.id
          ), '[]'::json),
          'exceptions', coalesce((
            select json_agg(json_build_array(e.kind, e.starts_local, e.ends_local))
            from schedule_exceptions e
            where e.group_id = g.id and e.calendar_id = c.id and e.ends_local > ${since.local}::timestamp
          ), '[]'::json),
          'links', coalesce((
            select json_agg(json_build_array(l.intervention_id, l.duration))
            from calendar_interventions l
            where l.group_id = g.id and l.calendar_id = c.id
          ), '[]'::json)
        ) order by c.id)
        from calendars c
        where c.group_id = g.id and c.deleted = false
      ), '[]'::json) as calendars,
      coalesce((
        select json_agg(json_build_object(
          'id', i.id, 'type', i.type, 'length', i.length, 'need_resource', i.need_resource,
          'only_package', i.only_package, 'status', i.status, 'config', i.config
        ))
        from interventions i
        where i.group_id = g.id and i.deleted = false
      ), '[]'::json) as interventions,
      coalesce((
        select json_agg(json_build_object(
          'percent', p.percent, 'intervention_ids', p.intervention_ids, 'from_date', p.from_date,
          'to_date', p.to_date, 'weekdays', p.weekdays, 'from_minute', p.from_minute, 'to_minute', p.to_minute
        ))
        from promotions p
        where p.group_id = g.id and p.deleted = false and (p.to_date is null or p.to_date >= ${since.date}::date)
      ), '[]'::json) as promotions,
      (
        select ${packedBusy(busy.from - LONGEST)} from appointments a
        where a.group_id = g.id and ${overlapping(busy.from, busy.to)}
          -- every appointment is on one of the group's calendars: lets the (group, calendar,
          -- start) index answer
          and a.calendar_id = any(array(select c.id from calendars c where c.group_id = g.id))
      ) as busy
    from groups g
    where g.id = ${groupId}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const { calendars, interventions, promotions, busy: packed, ...group } = row;
  return {
    group: { ...group, sso: null } as GroupRow,
    calendars,
    interventions,
    promotions,
    busy: unpack(packed, busy.from - LONGEST),
  };
}

/** Reads packedBusy's text into columns, without splitting it into strings. */
function unpack(text: string | null, base: number): AppointmentColumns {
  let rows = 0;
  if (text) {
    rows = 1;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 59) rows++;
  }
  const columns = {
    length: rows,
    calendarIds: new Int32Array(rows),
    resourceIds: new Int32Array(rows),
    starts: new Int32Array(rows),
    ends: new Int32Array(rows),
  };
  if (!text) return columns;
  let row = 0;
  let field = 0;
  let value = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 59;
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      continue;
    }
    if (field === 0) columns.calendarIds[row] = value;
    else if (field === 1) columns.resourceIds[row] = value;
    else if (field === 2) columns.starts[row] = base + value;
    else columns.ends[row] = columns.starts[row]! + value;
    value = 0;
    if (code === 44) field++;
    else {
      field = 0;
      row++;
    }
  }
  return columns;
}

/** Appointments still booked that overlap [from, to) (epoch minutes) on these calendars or resources. */
export async function listBusy(
  db: Kysely<Database>,
  groupId: number,
  ids: { calendars: readonly number[]; resources: readonly number[] },
  from: number,
  to: number,
): Promise<AppointmentColumns> {
  if (ids.calendars.length + ids.resources.length === 0 || from >= to) return unpack(null, 0);
  const result = await sql<{ packed: string | null }>`
    select ${packedBusy(from - LONGEST)} as packed
    from appointments a
    where ${busyOn(groupId, ids, from, to)}`.execute(db);
  return unpack(result.rows[0]?.packed ?? null, from - LONGEST);
}

/**
 * listBusy and the group's catalogue version in one statement, for a booking that has just locked
 * its calendars (docs/booking.md "Lock, then re-check with the engine"): both are read after the
 * lock, in one snapshot, so the version shows any change that committed while the booking waited —
 * and a booking pays one round trip for them instead of two. The version is undefined for a group
 * that no longer exists. `alsoRead`, a value of the caller's read in the same snapshot (the
 * booking's person, read under their locks), is answered as `also`.
 */
export async function listBusyAndCatalogueVersion(
  db: Kysely<Database>,
  groupId: number,
  ids: { calendars: readonly number[]; resources: readonly number[] },
  from: number,
  to: number,
  alsoRead: RawBuilder<unknown> = sql`null`,
): Promise<{ busy: AppointmentColumns; catalogueVersion: string | undefined; also: unknown }> {
  const version = sql`(select g.catalogue_version from groups g where g.id = ${groupId})`;
  const result =
    ids.calendars.length + ids.resources.length === 0 || from >= to
      ? await sql<{
          packed: null;
          version: string | null;
          also: unknown;
        }>`select null as packed, ${version} as version, ${alsoRead} as also`.execute(db)
      : await sql<{ packed: string | null; version: string | null; also: unknown }>`
          select ${packedBusy(from - LONGEST)} as packed, ${version} as version, ${alsoRead} as also
          from appointments a
          where ${busyOn(groupId, ids, from, to)}`.execute(db);
  const row = result.rows[0];
  return {
    busy: unpack(row?.packed ?? null, from - LONGEST),
    catalogueVersion: row?.version == null ? undefined : String(row.version),
    also: row?.also ?? null,
  };
}

/** The condition of listBusy: the group's booked appointments overlapping [from, to) on these ids. */
function busyOn(
  groupId: number,
  ids: { calendars: readonly number[]; resources: readonly number[] },
  from: number,
  to: number,
) {
  const list = (values: readonly number[]) => sql.join(values.map((id) => sql`${id}::int`));
  // An appointment occupies its calendar and its resource: a resource is busy with other people's
  // appointments too. Without resources the plain (group, calendar, start) index answers.
  const on =
    ids.resources.length === 0
      ? sql`a.calendar_id in (${list(ids.calendars)})`
      : ids.calendars.length === 0
        ? sql`a.resource_id in (${list(ids.resources)})`
        : sql`(a.calendar_id in (${list(ids.calendars)}) or a.resource_id in (${list(ids.resources)}))`;
  return sql`a.group_id = ${groupId} and ${overlapping(from, to)} and ${on}`;
}

/**
 * The confirmed appointments of every calendar of the group that start in [from, to) (epoch
 * minutes): a week kept by kept-busy-weeks.ts. Weeks read this way hold each appointment once.
 */
export async function listGroupStarting(
  db: Kysely<Database>,
  groupId: number,
  from: number,
  to: number,
): Promise<AppointmentColumns> {
  const result = await sql<{ packed: string | null }>`
    select ${packedBusy(from)} as packed
    from appointments a
    where a.group_id = ${groupId} and a.status = 'confirmed'
      and a.starts_at >= ${instant(from)} and a.starts_at < ${instant(to)}
      -- every appointment is on one of the group's calendars: lets the (group, calendar, start)
      -- index answer
      and a.calendar_id = any(array(select c.id from calendars c where c.group_id = ${groupId}))`.execute(db);
  return unpack(result.rows[0]?.packed ?? null, from);
}
