/** The back office's queries: memberships, the agenda's rows, and the marks staff put on appointments. */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database, StaffRole } from '../../db/database.ts';
import { isShardView } from '../../sharding/routing-dialect.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function findMembership(db: Db, accountId: number, groupId: number) {
  const row = await db
    .selectFrom('pro_groups')
    .select(['role', 'all_calendars'])
    .where('account_id', '=', accountId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  if (!row) return undefined;
  const calendars = await db
    .selectFrom('staff_calendars')
    .select('calendar_id')
    .where('account_id', '=', accountId)
    .where('group_id', '=', groupId)
    .orderBy('calendar_id')
    .execute();
  return { ...row, calendarIds: calendars.map((c) => c.calendar_id) };
}

export function listCalendars(db: Db, groupId: number) {
  return db
    .selectFrom('calendars')
    .select(['id', 'name', 'is_resource', 'capacity'])
    .where('group_id', '=', groupId)
    .where('deleted', '=', false)
    .orderBy('is_resource')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Local wall-clock text of a `timestamp` column, so no process time zone ever touches it. */
const localText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD"T"HH24:MI')`;

/**
 * Who booked it for the customer: a subquery on one database; on a group's shard, where accounts
 * are not, null here and filled from the directory (withBookedByNames, docs/operations.md "Sharding").
 */
const bookedByName = (onShard: boolean) =>
  onShard
    ? sql<string | null>`null::text`.as('booked_by_name')
    : sql<
        string | null
      >`(select coalesce(p.name, p.email) from accounts p where p.id = a.booked_by_pro_id)`.as(
        'booked_by_name',
      );

async function withBookedByNames<
  T extends { booked_by_pro_id: number | null; booked_by_name: string | null },
>(db: Db, rows: T[]): Promise<T[]> {
  const ids = [...new Set(rows.map((row) => row.booked_by_pro_id).filter((id) => id !== null))];
  if (!isShardView(db) || ids.length === 0) return rows;
  const names = new Map(
    (await db.selectFrom('accounts').select(['id', 'name', 'email']).where('id', 'in', ids).execute()).map(
      (account) => [account.id, account.name ?? account.email],
    ),
  );
  return rows.map((row) => ({
    ...row,
    booked_by_name: row.booked_by_pro_id === null ? null : (names.get(row.booked_by_pro_id) ?? null),
  }));
}

const appointmentColumns = (zone: string, onShard: boolean) =>
  [
    'a.id',
    'a.calendar_id',
    'a.resource_id',
    'a.starts_at',
    'a.ends_at',
    sql<string>`to_char(a.starts_at at time zone ${zone}, 'YYYY-MM-DD"T"HH24:MI')`.as('starts_local'),
    sql<string>`to_char(a.ends_at at time zone ${zone}, 'YYYY-MM-DD"T"HH24:MI')`.as('ends_local'),
    'a.status',
    'a.attendance',
    'a.intervention_id',
    'i.name as intervention_name',
    'a.pack_id',
    'a.parent_id',
    'a.fiche_id',
    'f.firstname',
    'f.lastname',
    'f.firstphone',
    'f.email',
    'a.comments',
    'a.staff_note',
    'a.price_amount',
    'a.booked_by_pro_id',
    'a.created_at',
    bookedByName(onShard),
  ] as const;

function appointmentQuery(db: Db, groupId: number, zone: string) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('fiches as f', 'f.id', 'a.fiche_id')
    .innerJoin('interventions as i', 'i.id', 'a.intervention_id')
    .select(appointmentColumns(zone, isShardView(db)))
    .where('a.group_id', '=', groupId);
}

export type AgendaAppointmentRow = Awaited<ReturnType<typeof findAgendaAppointment>> & object;

/** Appointments overlapping [from, to) on these calendars (or on resources they use). */
export async function listAgendaAppointments(
  db: Db,
  groupId: number,
  zone: string,
  from: Date,
  to: Date,
  calendarIds: readonly number[],
) {
  if (calendarIds.length === 0) return [];
  return withBookedByNames(
    db,
    await appointmentQuery(db, groupId, zone)
      .where('a.starts_at', '<', to)
      .where('a.ends_at', '>', from)
      .where((eb) => eb.or([eb('a.calendar_id', 'in', calendarIds), eb('a.resource_id', 'in', calendarIds)]))
      .orderBy('a.starts_at')
      .orderBy('a.id')
      .execute(),
  );
}

export async function findAgendaAppointment(db: Db, groupId: number, zone: string, appointmentId: number) {
  const row = await appointmentQuery(db, groupId, zone).where('a.id', '=', appointmentId).executeTakeFirst();
  return row && (await withBookedByNames(db, [row]))[0];
}

/** Closures, absences and extra openings overlapping the local dates [fromLocal, toLocal). */
export function listBlocks(
  db: Db,
  groupId: number,
  fromLocal: string,
  toLocal: string,
  calendarIds: readonly number[],
) {
  if (calendarIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('schedule_exceptions')
    .select([
      'id',
      'calendar_id',
      'kind',
      localText('starts_local').as('starts_local'),
      localText('ends_local').as('ends_local'),
      'label',
    ])
    .where('group_id', '=', groupId)
    .where('calendar_id', 'in', calendarIds)
    .where('starts_local', '<', sql<string>`${toLocal}::timestamp`)
    .where('ends_local', '>', sql<string>`${fromLocal}::timestamp`)
    .orderBy('starts_local')
    .orderBy('id')
    .execute();
}

export async function updateAppointmentMarks(
  db: Db,
  groupId: number,
  appointmentId: number,
  marks: { attendance?: 'arrived' | 'no_show' | null; staff_note?: string | null },
  now: Date,
) {
  const result = await db
    .updateTable('appointments')
    .set({ ...marks, updated_at: now })
    .where('id', '=', appointmentId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The group's staff with their calendars. One database: one query, as always. A group's shard:
 * the memberships and accounts from the directory, then the staff calendars from the shard
 * (docs/operations.md "Sharding").
 */
export async function listMembers(db: Db, groupId: number) {
  const members = db
    .selectFrom('pro_groups as m')
    .innerJoin('accounts as acc', 'acc.id', 'm.account_id')
    .select(['m.account_id', 'acc.email', 'acc.name', 'm.role', 'm.all_calendars'])
    .where('m.group_id', '=', groupId)
    .orderBy('acc.email');
  if (!isShardView(db)) {
    return members
      .select(
        sql<number[] | null>`(select array_agg(sc.calendar_id order by sc.calendar_id) from staff_calendars sc
        where sc.account_id = m.account_id and sc.group_id = m.group_id)`.as('calendar_ids'),
      )
      .execute();
  }
  const rows = await members.execute();
  const calendars = await db
    .selectFrom('staff_calendars')
    .select(['account_id', 'calendar_id'])
    .where('group_id', '=', groupId)
    .orderBy('calendar_id')
    .execute();
  const byAccount = new Map<number, number[]>();
  for (const { account_id, calendar_id } of calendars)
    byAccount.set(account_id, [...(byAccount.get(account_id) ?? []), calendar_id]);
  // array_agg of no row is null: the same answer for a member without calendars.
  return rows.map((row) => ({ ...row, calendar_ids: byAccount.get(row.account_id) ?? null }));
}

export async function updateMember(
  db: Db,
  groupId: number,
  accountId: number,
  role: StaffRole,
  calendarIds: readonly number[] | null,
): Promise<boolean> {
  const result = await db
    .updateTable('pro_groups')
    .set({ role, all_calendars: calendarIds === null })
    .where('group_id', '=', groupId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .deleteFrom('staff_calendars')
    .where('group_id', '=', groupId)
    .where('account_id', '=', accountId)
    .execute();
  if (calendarIds?.length) {
    await db
      .insertInto('staff_calendars')
      .values(calendarIds.map((calendar_id) => ({ account_id: accountId, group_id: groupId, calendar_id })))
      .execute();
  }
  return true;
}

export async function countCalendarsOfGroup(db: Db, groupId: number, calendarIds: readonly number[]) {
  if (calendarIds.length === 0) return 0;
  const row = await db
    .selectFrom('calendars')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('group_id', '=', groupId)
    .where('deleted', '=', false)
    .where('id', 'in', calendarIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countOwners(db: Db, groupId: number) {
  const row = await db
    .selectFrom('pro_groups')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('group_id', '=', groupId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewBlock {
  calendar_id: number;
  kind: 'absence' | 'closure';
  starts_local: string;
  ends_local: string;
  label: string | null;
  series: string | null;
  created_by: number;
}

export async function insertBlocks(db: Db, groupId: number, blocks: readonly NewBlock[]) {
  return db
    .insertInto('schedule_exceptions')
    .values(
      blocks.map((block) => ({
        ...block,
        group_id: groupId,
        starts_local: sql<string>`${block.starts_local}::timestamp`,
        ends_local: sql<string>`${block.ends_local}::timestamp`,
      })),
    )
    .returning([
      'id',
      'calendar_id',
      'kind',
      localText('starts_local').as('starts_local'),
      localText('ends_local').as('ends_local'),
      'label',
    ])
    .execute();
}

/**
 * Confirmed appointments that overlap any of these blocks on the block's calendar or resource,
 * compared in the group's wall-clock time like the blocks themselves.
 */
export function listAppointmentsInBlocks(db: Db, groupId: number, zone: string, blockIds: readonly number[]) {
  if (blockIds.length === 0) return Promise.resolve([]);
  return appointmentQuery(db, groupId, zone)
    .where('a.status', '=', 'confirmed')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('schedule_exceptions as e')
          .select('e.id')
          .where('e.id', 'in', blockIds)
          .where((eb) =>
            eb.or([
              eb('e.calendar_id', '=', eb.ref('a.calendar_id')),
              eb('e.calendar_id', '=', eb.ref('a.resource_id')),
            ]),
          )
          .where(sql<boolean>`(a.starts_at at time zone ${zone}) < e.ends_local`)
          .where(sql<boolean>`(a.ends_at at time zone ${zone}) > e.starts_local`),
      ),
    )
    .orderBy('a.starts_at')
    .orderBy('a.id')
    .execute();
}

/**
 * Closures and absences of these calendars that end after the local date-time `afterLocal`, from
 * the earliest; `limit` rows at most.
 */
export function listComingAbsences(
  db: Db,
  groupId: number,
  afterLocal: string,
  calendarIds: readonly number[],
  limit: number,
) {
  if (calendarIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('schedule_exceptions')
    .select([
      'id',
      'calendar_id',
      'kind',
      localText('starts_local').as('starts_local'),
      localText('ends_local').as('ends_local'),
      'label',
      'series',
    ])
    .where('group_id', '=', groupId)
    .where('calendar_id', 'in', calendarIds)
    .where('kind', '<>', 'opening')
    .where('ends_local', '>', sql<string>`${afterLocal}::timestamp`)
    .orderBy('starts_local')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findBlock(db: Db, groupId: number, id: number) {
  return db
    .selectFrom('schedule_exceptions')
    .select(['id', 'calendar_id', 'kind', 'series'])
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listSeries(db: Db, groupId: number, series: string) {
  return db
    .selectFrom('schedule_exceptions')
    .select(['id', 'calendar_id', 'kind'])
    .where('group_id', '=', groupId)
    .where('series', '=', series)
    .execute();
}

export async function deleteBlocks(db: Db, groupId: number, ids: readonly number[]) {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('schedule_exceptions')
    .where('group_id', '=', groupId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Per record: upcoming and past confirmed appointments, no-shows, and the last visit's start. */
export function customerStats(db: Db, groupId: number, ficheIds: readonly number[], now: Date) {
  if (ficheIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('appointments')
    .select([
      'fiche_id',
      sql<number>`count(*) filter (where status = 'confirmed' and starts_at >= ${now})`.as('upcoming'),
      sql<number>`count(*) filter (where status = 'confirmed' and starts_at < ${now})`.as('past'),
      sql<number>`count(*) filter (where attendance = 'no_show')`.as('no_shows'),
      sql<Date | null>`max(starts_at) filter (where status = 'confirmed' and starts_at < ${now})`.as(
        'last_visit',
      ),
    ])
    .where('group_id', '=', groupId)
    .where('fiche_id', 'in', ficheIds)
    .groupBy('fiche_id')
    .execute();
}

export function listCustomerAppointments(db: Db, groupId: number, zone: string, ficheIds: readonly number[]) {
  if (ficheIds.length === 0) return Promise.resolve([]);
  return appointmentQuery(db, groupId, zone)
    .where('a.fiche_id', 'in', ficheIds)
    .orderBy('a.starts_at')
    .orderBy('a.id')
    .execute();
}

/** The records of one person in the group: this one, and those with the same e-mail or phone key. */
export async function findPersonRecords(db: Db, groupId: number, ficheId: number) {
  const own = await db
    .selectFrom('fiches')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('id', '=', ficheId)
    .executeTakeFirst();
  if (!own) return [];
  const keys = [own.email_key, own.phone_key].filter((key): key is string => key !== null);
  if (keys.length === 0) return [own];
  return db
    .selectFrom('fiches')
    .selectAll()
    .where('group_id', '=', groupId)
    .where((eb) =>
      eb.or([
        eb('id', '=', ficheId),
        ...(own.email_key ? [eb('email_key', '=', own.email_key)] : []),
        ...(own.phone_key ? [eb('phone_key', '=', own.phone_key)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Replaces the group's notices setting inside its settings document. */
export async function updateNotifications(
  db: Db,
  groupId: number,
  value: { emails: readonly string[]; events: readonly string[] },
  now: Date,
) {
  await db
    .updateTable('groups')
    .set({
      settings: sql`jsonb_set(settings, '{notifications}', ${JSON.stringify(value)}::jsonb)`,
      updated_at: now,
    })
    .where('id', '=', groupId)
    .execute();
}

/** The days of [from, to) on which `calendarId` has a closure starting at midnight (YYYY-MM-DD). */
export async function closedDaysOf(db: Db, groupId: number, calendarId: number, from: string, to: string) {
  const rows = await db
    .selectFrom('schedule_exceptions')
    .select(sql<string>`to_char(starts_local, 'YYYY-MM-DD')`.as('day'))
    .where('group_id', '=', groupId)
    .where('calendar_id', '=', calendarId)
    .where('kind', '=', 'closure')
    .where(sql<boolean>`starts_local::time = time '00:00'`)
    .where('starts_local', '>=', sql<string>`${from}::timestamp`)
    .where('starts_local', '<', sql<string>`${to}::timestamp`)
    .execute();
  return new Set(rows.map((row) => row.day));
}

/** Confirmed appointments starting after `after`, soonest first: those a configuration change may strand. */
export function listComingAppointments(db: Db, groupId: number, zone: string, after: Date) {
  return appointmentQuery(db, groupId, zone)
    .select(sql<string>`(select c.name from calendars c where c.id = a.calendar_id)`.as('calendar_name'))
    .where('a.status', '=', 'confirmed')
    .where('a.starts_at', '>', after)
    .orderBy('a.starts_at')
    .orderBy('a.id')
    .execute();
}

/** Future confirmed appointments per calendar among those given (as calendar or resource). */
export async function countComingAppointments(
  db: Db,
  groupId: number,
  calendarIds: readonly number[],
  after: Date,
) {
  if (calendarIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('calendars as c')
    .innerJoin('appointments as a', (join) =>
      join.on((eb) =>
        eb.or([eb('a.calendar_id', '=', eb.ref('c.id')), eb('a.resource_id', '=', eb.ref('c.id'))]),
      ),
    )
    .select(['c.id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('c.group_id', '=', groupId)
    .where('c.id', 'in', calendarIds)
    .where('a.group_id', '=', groupId)
    .where('a.status', '=', 'confirmed')
    .where('a.starts_at', '>', after)
    .groupBy('c.id')
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.count)]));
}
