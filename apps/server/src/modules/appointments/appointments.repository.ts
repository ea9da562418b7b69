import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, NewAppointment } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Appointment rows with what the spec's record shows of their service, pack, calendars and fiche. */
function detailed(db: Db) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('interventions as i', 'i.id', 'a.intervention_id')
    .innerJoin('calendars as c', 'c.id', 'a.calendar_id')
    .innerJoin('fiches as f', 'f.id', 'a.fiche_id')
    .innerJoin('groups as g', 'g.id', 'a.group_id')
    .leftJoin('calendarsets as site', 'site.id', 'c.calendarset_id')
    .leftJoin('calendars as r', 'r.id', 'a.resource_id')
    .leftJoin('interventions as p', 'p.id', 'a.pack_id')
    .leftJoin('accounts as acc', 'acc.id', 'f.account_id')
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
      'f.account_id as fiche_account_id',
      'acc.email as account_email',
      'g.name as group_name',
      'g.urlname as group_urlname',
      'g.settings as group_settings',
    ]);
}

export type DetailedAppointment = Awaited<ReturnType<typeof findDetailed>>[number];

export function findDetailed(db: Db, groupId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return detailed(db)
    .where('a.group_id', '=', groupId)
    .where('a.id', 'in', [...ids])
    .orderBy('a.starts_at')
    .orderBy('a.id')
    .execute();
}

/** Every appointment of the same booking (shared consecutive_value), in start order. */
export function findConsecutive(db: Db, groupId: number, consecutiveValue: string) {
  return detailed(db)
    .where('a.group_id', '=', groupId)
    .where('a.consecutive_value', '=', consecutiveValue)
    .orderBy('a.starts_at')
    .orderBy('a.id')
    .execute();
}

/**
 * Appointments of some fiches from `since` on (confirmed ones; the list shows one year back), in
 * start order; the caller splits future and past.
 */
export function listForFiches(db: Db, ficheIds: readonly number[], since: Date, groupId?: number) {
  if (ficheIds.length === 0) return Promise.resolve([]);
  let q = detailed(db)
    .where('a.fiche_id', 'in', [...ficheIds])
    .where('a.status', '=', 'confirmed')
    .where('a.starts_at', '>=', since);
  if (groupId !== undefined) q = q.where('a.group_id', '=', groupId);
  return q.orderBy('a.starts_at').orderBy('a.id').execute();
}

export async function ficheIdsOfAccount(db: Db, accountId: number, groupId?: number): Promise<number[]> {
  let q = db.selectFrom('fiches').select('id').where('account_id', '=', accountId);
  if (groupId !== undefined) q = q.where('group_id', '=', groupId);
  return (await q.execute()).map((r) => r.id);
}

export async function insertAppointment(db: Db, row: NewAppointment): Promise<number> {
  const inserted = await db.insertInto('appointments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setParent(db: Db, ids: readonly number[], parentId: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('appointments')
    .set({ parent_id: parentId })
    .where('id', 'in', [...ids])
    .execute();
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
 * instead of both passing the availability check — and never deadlock on each other.
 */
export async function lockCalendars(db: Db, groupId: number, ids: readonly number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  await db
    .selectFrom('calendars')
    .select('id')
    .where('group_id', '=', groupId)
    .where('id', 'in', sorted)
    .orderBy('id')
    .forUpdate()
    .execute();
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

/** Locks a fiche row: the per-customer rules (limits, overlaps) are checked under it. */
export async function lockFiche(db: Db, groupId: number, ficheId: number): Promise<void> {
  await db
    .selectFrom('fiches')
    .select('id')
    .where('group_id', '=', groupId)
    .where('id', '=', ficheId)
    .forUpdate()
    .execute();
}

/**
 * Locks a customer account for a booking's per-customer rules. NO KEY UPDATE, not UPDATE: a booking
 * that created a record for the account holds a KEY SHARE lock on it (the foreign key), and two such
 * bookings asking for UPDATE would deadlock on each other.
 */
export async function lockAccount(db: Db, accountId: number): Promise<void> {
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().execute();
}

/** The customer's confirmed appointments ending after `from` (limits, overlaps, spacing). */
export function customerAppointmentsAfter(db: Db, groupId: number, ficheIds: readonly number[], from: Date) {
  if (ficheIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('appointments')
    .select(['id', 'fiche_id', 'starts_at', 'ends_at', 'consecutive_value'])
    .where('group_id', '=', groupId)
    .where('fiche_id', 'in', [...ficheIds])
    .where('status', '=', 'confirmed')
    .where('ends_at', '>', from)
    .execute();
}

export async function findIdempotent(db: Db, groupId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('key', '=', key)
    .executeTakeFirst();
}

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
  await db
    .insertInto('idempotency_keys')
    .values({
      group_id: row.groupId,
      key: row.key,
      request_hash: row.requestHash,
      status_code: row.statusCode,
      response: JSON.stringify(row.response),
      created_at: row.now,
    })
    .execute();
}

/** Serializes requests carrying the same idempotency key (a transaction-scoped advisory lock). */
export async function lockIdempotencyKey(db: Db, groupId: number, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${groupId}, hashtext(${key}))`.execute(db);
}
