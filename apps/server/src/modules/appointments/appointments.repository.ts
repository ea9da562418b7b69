import {
  type Compilable,
  type Kysely,
  type OperationNodeSource,
  type RawBuilder,
  sql,
  type Transaction,
} from 'kysely';
import type { Database, NewAppointment } from '../../db/database.ts';
import { columnsOf, fixedShape, type Placeholders } from '../../db/fixed-shape.ts';
import { writeSoon } from '../../db/write-batch.ts';
import { isShardView } from '../../sharding/routing-dialect.ts';

type Db = Kysely<Database> | Transaction<Database>;

const appointmentsAsA = (db: Db) => db.selectFrom('appointments as a');

/**
 * Appointment rows with what the spec's record shows of their service, pack, calendars and fiche.
 * With `inserting`, the row comes from inserting it, in the same statement (a booking's write and
 * read of its appointment are one round trip, not two). The fiche's account e-mail is joined on one
 * database; on a group's shard, where accounts are not, it is read from the directory by id
 * afterwards (withAccountEmails).
 */
function detailed(db: Db, inserting?: NewAppointment) {
  const joinAccounts = !isShardView(db);
  const from = inserting
    ? // The CTE yields the appointments table's own columns, so the joins below read it alike.
      (db
        .with('inserted', (qb) => qb.insertInto('appointments').values(inserting).returningAll())
        .selectFrom('inserted as a') as unknown as ReturnType<typeof appointmentsAsA>)
    : appointmentsAsA(db);
  return from
    .innerJoin('interventions as i', 'i.id', 'a.intervention_id')
    .innerJoin('calendars as c', 'c.id', 'a.calendar_id')
    .innerJoin('fiches as f', 'f.id', 'a.fiche_id')
    .innerJoin('groups as g', 'g.id', 'a.group_id')
    .leftJoin('calendarsets as site', 'site.id', 'c.calendarset_id')
    .leftJoin('calendars as r', 'r.id', 'a.resource_id')
    .leftJoin('interventions as p', 'p.id', 'a.pack_id')
    .$if(joinAccounts, (q) =>
      q.leftJoin('accounts as acc', 'acc.id', 'f.account_id').select('acc.email as account_email'),
    )
    .selectAll('a')
    .select([
      'i.name as intervention_name',
      'i.publicname as intervention_publicname',
      'i.translations as intervention_translations',
      'i.length as intervention_length',
      'i.videoconference as intervention_videoconference',
      'c.name as calendar_name',
      'c.publicname as calendar_publicname',
      'c.calendarset_id as calendar_calendarset_id',
      'site.address as site_address',
      'r.name as resource_name',
      'r.publicname as resource_publicname',
      'p.name as pack_name',
      'p.publicname as pack_publicname',
      'p.price as pack_price',
      'p.total_price as pack_total_price',
      'f.firstname as fiche_firstname',
      'f.lastname as fiche_lastname',
      'f.email as fiche_email',
      'f.firstphone as fiche_phone',
      'f.account_id as fiche_account_id',
      'g.name as group_name',
      'g.urlname as group_urlname',
      'g.settings as group_settings',
    ]);
}

type DetailedRow = Awaited<ReturnType<ReturnType<typeof detailed>['execute']>>[number];

/** The rows with their account e-mail: joined already, or read from the directory (one query). */
async function withAccountEmails(db: Db, rows: DetailedRow[]) {
  if (!isShardView(db)) return rows.map((row) => ({ ...row, account_email: row.account_email ?? null }));
  const ids = [...new Set(rows.map((row) => row.fiche_account_id).filter((id) => id !== null))];
  const emails = new Map<number, string>();
  if (ids.length > 0) {
    const accounts = await db.selectFrom('accounts').select(['id', 'email']).where('id', 'in', ids).execute();
    for (const account of accounts) emails.set(account.id, account.email);
  }
  return rows.map((row) => ({
    ...row,
    account_email: row.fiche_account_id === null ? null : (emails.get(row.fiche_account_id) ?? null),
  }));
}

export type DetailedAppointment = Awaited<ReturnType<typeof findDetailed>>[number];

export async function findDetailed(db: Db, groupId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return withAccountEmails(
    db,
    await detailed(db)
      .where('a.group_id', '=', groupId)
      .where('a.id', 'in', [...ids])
      .orderBy('a.starts_at')
      .orderBy('a.id')
      .execute(),
  );
}

/** Every appointment of the same booking (shared consecutive_value), in start order. */
export async function findConsecutive(db: Db, groupId: number, consecutiveValue: string) {
  return withAccountEmails(
    db,
    await detailed(db)
      .where('a.group_id', '=', groupId)
      .where('a.consecutive_value', '=', consecutiveValue)
      .orderBy('a.starts_at')
      .orderBy('a.id')
      .execute(),
  );
}

/**
 * Appointments of some fiches from `since` on (confirmed ones; the list shows one year back), in
 * start order; the caller splits future and past.
 */
export async function listForFiches(db: Db, ficheIds: readonly number[], since: Date, groupId?: number) {
  if (ficheIds.length === 0) return [];
  let q = detailed(db)
    .where('a.fiche_id', 'in', [...ficheIds])
    .where('a.status', '=', 'confirmed')
    .where('a.starts_at', '>=', since);
  if (groupId !== undefined) q = q.where('a.group_id', '=', groupId);
  return withAccountEmails(db, await q.orderBy('a.starts_at').orderBy('a.id').execute());
}

export async function ficheIdsOfAccount(db: Db, accountId: number, groupId?: number): Promise<number[]> {
  let q = db.selectFrom('fiches').select('id').where('account_id', '=', accountId);
  if (groupId !== undefined) q = q.where('group_id', '=', groupId);
  return (await q.execute()).map((r) => r.id);
}

/**
 * The row of a plain appointment — no resource, pack, chain, price, promotion, video room, comment
 * or staff mark — with what is given on top: the demo's fortnight and tests write such rows directly.
 */
export function plainAppointment(
  values: Pick<
    NewAppointment,
    'group_id' | 'fiche_id' | 'intervention_id' | 'calendar_id' | 'starts_at' | 'ends_at' | 'duration'
  > &
    Partial<NewAppointment>,
): NewAppointment {
  return {
    account_id: null,
    resource_id: null,
    pack_id: null,
    parent_id: null,
    consecutive_value: null,
    price_amount: null,
    intervention_price: null,
    promotion: null,
    video_room: null,
    comments: null,
    vevent: '{}',
    websource: null,
    cancelled_at: null,
    booked_by_pro_id: null,
    attendance: null,
    staff_note: null,
    locale: null,
    ...values,
  };
}

/** The insert of insertDetailed, built once per set of columns (db/fixed-shape.ts). */
const insertDetailedQuery = fixedShape(
  (db, row: Placeholders<NewAppointment>): Compilable<DetailedRow> & OperationNodeSource => detailed(db, row),
  columnsOf,
);

/** Inserts an appointment and answers it as findDetailed would, in one statement. */
export async function insertDetailed(db: Db, row: NewAppointment): Promise<DetailedAppointment> {
  const [written] = await insertDetailedQuery.execute(db, row);
  if (!written) throw new Error('the insert of an appointment answered no row');
  const [inserted] = await withAccountEmails(db, [written]);
  return inserted!;
}

/** Cancels the confirmed ones among ids; returns the ids actually cancelled (a race loses quietly). */
export async function cancelAppointments(
  db: Db,
  groupId: number,
  ids: readonly number[],
  now: Date,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('appointments')
    .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
    .where('group_id', '=', groupId)
    .where('id', 'in', [...ids])
    .where('status', '=', 'confirmed')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface ServicePrice {
  id: number;
  price: number | null;
  total_price: number | null;
  videoconference: boolean;
}

/** What pricing needs of every service and pack of the group (a booking's are among them). */
export function servicePricesOfGroup(db: Db, groupId: number): Promise<ServicePrice[]> {
  return db
    .selectFrom('interventions')
    .select(['id', 'price', 'total_price', 'videoconference'])
    .where('group_id', '=', groupId)
    .execute();
}

/**
 * Locks calendars (and resources) in id order, so two bookings touching the same ones queue
 * instead of both passing the availability check — and never deadlock on each other. Answers
 * whether there was anything to lock. The caller reads the group's catalogue version in a later
 * statement (lockCalendars, or a booking's read of the day: availability.service.ts
 * loadBusyAndCatalogueVersion).
 */
export async function lockCalendarRows(
  db: Db,
  groupId: number,
  ids: readonly number[],
  personKeys: readonly bigint[] = [],
): Promise<boolean> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return false;
  if (personKeys.length === 0) await lockCalendarsQuery.execute(db, { groupId, ids: sorted });
  else
    await lockCalendarsThenPersonQuery.execute(db, {
      groupId,
      ids: sorted,
      keys: personKeys.map(String),
    });
  return true;
}

/** One text for any number of calendars (an array parameter), built once (db/fixed-shape.ts). */
const lockCalendarsQuery = fixedShape((db, p: Placeholders<{ groupId: number; ids: number[] }>) =>
  db
    .selectFrom('calendars')
    .select('id')
    .where('group_id', '=', p.groupId)
    .where(sql<boolean>`id = any(${p.ids}::int[])`)
    .orderBy('id')
    .forUpdate(),
);

/**
 * The calendars' locks, then the person's identity locks (`keys`, in ascending order:
 * lockPersonKeys' space), in one statement and in that order — the order every booking takes them
 * (docs/booking.md "Why it cannot double-book"). The identity locks are a subquery of the outer
 * select list, which PostgreSQL runs when it makes the answer's one row: once the aggregate below
 * it has locked every calendar row. A test holds that order (a booking waiting for a person's lock
 * already holds its calendar).
 */
const lockCalendarsThenPersonQuery = fixedShape(
  (db, p: Placeholders<{ groupId: number; ids: number[]; keys: string[] }>) =>
    db
      .selectFrom(
        db
          .selectFrom(
            db
              .selectFrom('calendars')
              .select('id')
              .where('group_id', '=', p.groupId)
              .where(sql<boolean>`id = any(${p.ids}::int[])`)
              .orderBy('id')
              .forUpdate()
              .as('calendar'),
          )
          .select((eb) => eb.fn.countAll<number>().as('calendars'))
          .as('locked'),
      )
      .select([
        'locked.calendars',
        sql<number>`(select count(pg_advisory_xact_lock(k)) from unnest(${p.keys}::bigint[]) as person(k))`.as(
          'persons',
        ),
      ]),
);

/**
 * lockCalendarRows, then the group's catalogue version as it stands once the locks are held: a
 * change to hours or absences that committed while the caller waited shows there (docs/back-office.md
 * "Absences and closures").
 */
export async function lockCalendars(
  db: Db,
  groupId: number,
  ids: readonly number[],
): Promise<string | undefined> {
  if (!(await lockCalendarRows(db, groupId, ids))) return undefined;
  // A statement of its own, after the locks: a join in the locking statement would read the group
  // from that statement's snapshot, taken before it waited, and miss the very change it waited for.
  const row = await db
    .selectFrom('groups')
    .select('catalogue_version')
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row ? String(row.catalogue_version) : undefined;
}

/**
 * Locks one calendar (or resource) only if no other transaction holds it — never waits, so it may be
 * taken while holding other locks (docs/booking.md "Lock, then re-check with the engine"). Answers
 * whether it is now held, and, when it is, the group's catalogue version read after the lock.
 */
export async function tryLockCalendar(
  db: Db,
  groupId: number,
  id: number,
): Promise<{ locked: false } | { locked: true; version: string | undefined }> {
  const row = await db
    .selectFrom('calendars')
    .select('id')
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!row) return { locked: false };
  const group = await db
    .selectFrom('groups')
    .select('catalogue_version')
    .where('id', '=', groupId)
    .executeTakeFirst();
  return { locked: true, version: group ? String(group.catalogue_version) : undefined };
}

/**
 * Locks every appointment of the booking `id` belongs to (its consecutive_value group), in id order.
 * A change reads the booking after this, so a cancellation that committed meanwhile is seen.
 */
export async function lockBooking(db: Db, groupId: number, id: number): Promise<void> {
  await db
    .selectFrom('appointments')
    .select('id')
    .where('group_id', '=', groupId)
    .where((eb) =>
      eb.or([
        eb('id', '=', id),
        eb(
          'consecutive_value',
          '=',
          eb
            .selectFrom('appointments as own')
            .select('own.consecutive_value')
            .where('own.id', '=', id)
            .where('own.group_id', '=', groupId),
        ),
      ]),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Locks the given appointments in id order (the order every other writer uses), so concurrent
 * cancellations of the same booking queue and each reads the status the previous one left.
 */
export async function lockAppointments(db: Db, groupId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .selectFrom('appointments')
    .select('id')
    .where('group_id', '=', groupId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Transaction-scoped advisory locks on a person's identities (64-bit keys, the single-key space: it
 * never meets the two-key idempotency locks). The caller gives them sorted, and VALUES yields its rows
 * in order, so two bookings sharing identities take them in one order: no deadlock between them.
 */
export async function lockPersonKeys(db: Db, sortedKeys: readonly bigint[]): Promise<void> {
  if (sortedKeys.length === 0) return;
  const rows = sql.join(sortedKeys.map((key) => sql`(${key.toString()}::bigint)`));
  await sql`select count(pg_advisory_xact_lock(k)) from (values ${rows}) as person(k)`.execute(db);
}

/** A person as the booking rules recognise them (docs/booking.md, "Who is the same person"). */
export interface PersonMatch {
  accountId: number | null;
  emailKey: string | null;
  phoneKey: string | null;
}

export interface PersonRecord {
  id: number;
  account_id: number | null;
  email_key: string | null;
  phone_key: string | null;
}

export interface PersonAppointment {
  id: number;
  fiche_id: number;
  starts_at: Date;
  ends_at: Date;
}

/** The recursive CTE `person`: the records of the person behind `ficheId` (see personRecords). */
function personCte(groupId: number, ficheId: number, person: PersonMatch) {
  return sql`recursive person as (
      select f.id, f.account_id, f.email_key, f.phone_key from fiches f
      where f.group_id = ${groupId}
        and (f.id = ${ficheId} or f.account_id = ${person.accountId}::integer
          or f.email_key = ${person.emailKey}::text or f.phone_key = ${person.phoneKey}::text)
      union
      select f.id, f.account_id, f.email_key, f.phone_key from person p
      join fiches f on f.group_id = ${groupId}
        and (f.account_id = p.account_id or f.email_key = p.email_key or f.phone_key = p.phone_key)
    )`;
}

/**
 * The advisory lock key of a person's identity (`account:12`, `email:…`, `phone:…`) in a group, in
 * SQL: the first 8 bytes of sha256("creneau-person" NUL group NUL identity), big-endian and signed —
 * booking-rules.ts's personLockKeys computes the same in the server, and a test holds them equal.
 */
function personLockKeySql(groupId: number, identity: RawBuilder<string>) {
  return sql<bigint>`('x' || encode(substr(sha256(
      convert_to('creneau-person', 'UTF8') || decode('00', 'hex') || convert_to(${groupId}::text, 'UTF8')
      || decode('00', 'hex') || convert_to(${identity}, 'UTF8')), 1, 8), 'hex'))::bit(64)::bigint`;
}

/** Each identity's lock key computed by PostgreSQL, for the test that holds it equal to the server's. */
export async function personLockKeysInSql(db: Db, groupId: number, identities: readonly string[]) {
  if (identities.length === 0) return [];
  const names = sql.join(identities.map((name) => sql`(${name}::text)`));
  const { rows } = await sql<{ k: string }>`select ${personLockKeySql(groupId, sql.ref('i.name'))}::text as k
    from (values ${names}) as i(name)`.execute(db);
  return rows.map((row) => BigInt(row.k));
}

/**
 * The person's records, as personRecords without `from` reads them, with an advisory lock taken on
 * every identity found among them and on the person's own, in ascending key order — one statement
 * where a read and then the locks were two. The locks are the single-key space of lockPersonKeys, on
 * the same keys. Taken after the read in the same statement, so the records are those committed when
 * it started: the caller reads them again, in a statement of its own, once the locks are held.
 */
export async function lockPersonRecords(
  db: Db,
  groupId: number,
  ficheId: number,
  person: PersonMatch,
): Promise<PersonRecord[]> {
  const own = sql.join(
    [
      ['account', person.accountId === null ? null : String(person.accountId)],
      ['email', person.emailKey],
      ['phone', person.phoneKey],
    ]
      .filter(([, value]) => value !== null)
      .map(([kind, value]) => sql`(${`${kind}:${value}`}::text)`),
  );
  const { rows } = await sql<PersonRecord & { locked: number }>`
    with ${personCte(groupId, ficheId, person)},
    identity as (
      select 'account:' || account_id as name from person where account_id is not null
      union select 'email:' || email_key from person where email_key is not null
      union select 'phone:' || phone_key from person where phone_key is not null
      ${person.accountId === null && person.emailKey === null && person.phoneKey === null ? sql`` : sql`union select name from (values ${own}) as own(name)`}
    ),
    locked as (
      select count(pg_advisory_xact_lock(k)) as locked from (
        select distinct ${personLockKeySql(groupId, sql.ref('identity.name'))} as k from identity order by k
      ) as ordered
    )
    select l.locked, p.id, p.account_id, p.email_key, p.phone_key from locked l left join person p on true
  `.execute(db);
  return rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id,
      account_id: row.account_id,
      email_key: row.email_key,
      phone_key: row.phone_key,
    }));
}

/**
 * Every record of the person behind `ficheId` — the records sharing its account, e-mail key or phone
 * key, and theirs in turn (a record found by e-mail brings the records of its phone) — with, when
 * `from` is given, their confirmed appointments in the group ending after it. One recursive
 * statement; UNION drops rows already found, so it ends.
 *
 * Every booking runs it with `from`, so that part must cost the same with 10 appointments or
 * 100,000 (docs/booking.md, "What a booking reads"): the appointments are a LATERAL subquery with
 * `offset 0`, which keeps PostgreSQL from flattening it into a join, so it runs for each record
 * found, through the (group, fiche, start) index. As a plain join, the planner — which guesses a
 * hundred rows or more for a recursive CTE — hashed every future appointment of the group instead.
 */
export async function personRecords(
  db: Db,
  groupId: number,
  ficheId: number,
  person: PersonMatch,
  from?: Date,
): Promise<PersonRead> {
  const { rows } = await sql<PersonReadRow>`
    with ${personCte(groupId, ficheId, person)}
    select p.id, p.account_id, p.email_key, p.phone_key, a.id as apt_id, a.starts_at, a.ends_at
    from person p ${personAppointmentsJoin(groupId, from)}
  `.execute(db);
  return foldPersonRows(rows);
}

/** The person's records and their appointments ending after `from`. */
export interface PersonRead {
  records: PersonRecord[];
  appointments: PersonAppointment[];
}

interface PersonReadRow {
  id: number;
  account_id: number | null;
  email_key: string | null;
  phone_key: string | null;
  apt_id: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
}

function personAppointmentsJoin(groupId: number, from: Date | undefined) {
  return from
    ? sql`left join lateral (
          select a.id, a.starts_at, a.ends_at from appointments a
          where a.group_id = ${groupId} and a.fiche_id = p.id
            and a.status = 'confirmed' and a.ends_at > ${from}
          offset 0
        ) a on true`
    : sql`left join (select null::integer as id, null::timestamptz as starts_at,
          null::timestamptz as ends_at) a on false`;
}

/**
 * personRecords with `from` as one JSON value, to be read by a statement that reads other things
 * under the same snapshot (a booking's read of its day, booking.service.ts lockAndCheck): the
 * answer goes to personReadOf.
 */
export function personRecordsAsJson(groupId: number, ficheId: number, person: PersonMatch, from: Date) {
  return sql<unknown>`(with ${personCte(groupId, ficheId, person)}
    select coalesce(json_agg(json_build_object('id', p.id, 'account_id', p.account_id,
      'email_key', p.email_key, 'phone_key', p.phone_key, 'apt_id', a.id,
      'starts_at', a.starts_at, 'ends_at', a.ends_at)), '[]')
    from person p ${personAppointmentsJoin(groupId, from)})`;
}

/** What personRecordsAsJson read (node-postgres has parsed the JSON; timestamps are text there). */
export function personReadOf(json: unknown): PersonRead {
  return foldPersonRows(json as PersonReadRow[]);
}

/** One row per record and appointment → the records, once each, and the appointments. */
function foldPersonRows(rows: readonly PersonReadRow[]): PersonRead {
  const records = new Map<number, PersonRecord>();
  const found: PersonAppointment[] = [];
  for (const row of rows) {
    records.set(row.id, {
      id: row.id,
      account_id: row.account_id,
      email_key: row.email_key,
      phone_key: row.phone_key,
    });
    if (row.apt_id !== null && row.starts_at && row.ends_at)
      found.push({
        id: row.apt_id,
        fiche_id: row.id,
        starts_at: new Date(row.starts_at),
        ends_at: new Date(row.ends_at),
      });
  }
  return { records: [...records.values()], appointments: found };
}

/**
 * Whether the group knows this customer (closed groups, docs/booking.md): among the records of the
 * account, of the account's own e-mail address, or the given one, there is one the group made or
 * one with an appointment, of any date or status.
 */
export async function isKnownCustomer(
  db: Db,
  groupId: number,
  who: { accountId: number | null; accountEmailKey: string | null; ficheId: number | null },
): Promise<boolean> {
  const { accountId, accountEmailKey, ficheId } = who;
  if (accountId === null && accountEmailKey === null && ficheId === null) return false;
  const row = await db
    .selectFrom('fiches as f')
    .select('f.id')
    .where('f.group_id', '=', groupId)
    .where((eb) =>
      eb.or([
        ...(accountId !== null ? [eb('f.account_id', '=', accountId)] : []),
        ...(accountEmailKey !== null ? [eb('f.email_key', '=', accountEmailKey)] : []),
        ...(ficheId !== null ? [eb('f.id', '=', ficheId)] : []),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('f.origin', '=', 'group'),
        eb.exists(
          eb
            .selectFrom('appointments as a')
            .select('a.id')
            .whereRef('a.group_id', '=', 'f.group_id')
            .whereRef('a.fiche_id', '=', 'f.id'),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findIdempotent(db: Db, groupId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** The answer given under a key; in a write batch (db/write-batch.ts), written just before the commit. */
export async function saveIdempotent(
  db: Db,
  row: {
    groupId: number;
    key: string;
    requestHash: string;
    statusCode: number;
    response: unknown;
    now: Date;
  },
) {
  await writeSoon(
    db,
    db.insertInto('idempotency_keys').values({
      group_id: row.groupId,
      key: row.key,
      request_hash: row.requestHash,
      status_code: row.statusCode,
      response: JSON.stringify(row.response),
      created_at: row.now,
    }),
  );
}

/** Serializes requests carrying the same idempotency key (a transaction-scoped advisory lock). */
export async function lockIdempotencyKey(db: Db, groupId: number, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${groupId}, hashtext(${key}))`.execute(db);
}
