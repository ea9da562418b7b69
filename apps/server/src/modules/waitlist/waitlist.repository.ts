/** Rows of the waiting list (docs/waitlist.md): entries, and the offers mailed to them. */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Serializes the joins of one address in one group, so that its limit holds under concurrency. */
export async function lockJoiner(db: Db, groupId: number, emailKey: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`creneau-waitlist|${groupId}|${emailKey}`})::bigint)`.execute(
    db,
  );
}

/** Serializes the confirmations of one offer (a double click): the second sees the first's outcome. */
export async function lockOffer(db: Db, offerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`creneau-waitlist-offer|${offerId}`})::bigint)`.execute(
    db,
  );
}

export async function countOpenEntries(db: Db, groupId: number, emailKey: string): Promise<number> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('group_id', '=', groupId)
    .where('email_key', '=', emailKey)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An entry with its service's and calendar's names, for mails and pages. */
function entryDetails(db: Db) {
  return db
    .selectFrom('waitlist_entries as e')
    .innerJoin('interventions as i', 'i.id', 'e.intervention_id')
    .leftJoin('calendars as c', 'c.id', 'e.calendar_id')
    .selectAll('e')
    .select([
      'i.name as intervention_name',
      'i.publicname as intervention_publicname',
      'i.translations as intervention_translations',
      'i.length as intervention_length',
      'c.name as calendar_name',
      'c.publicname as calendar_publicname',
    ]);
}

export type EntryDetails = Awaited<ReturnType<typeof openEntriesOfGroup>>[number];

/** The group's open entries, oldest first: the order in which offers go out. */
export function openEntriesOfGroup(db: Db, groupId: number) {
  return entryDetails(db)
    .where('e.group_id', '=', groupId)
    .where('e.status', '=', 'open')
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}

export function findEntry(db: Db, id: number) {
  return entryDetails(db).where('e.id', '=', id).executeTakeFirst();
}

export async function closeEntry(
  db: Db,
  id: number,
  status: 'booked' | 'left' | 'closed',
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('waitlist_entries')
    .set({ status, closed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Offers still waiting for an answer in the group, expired or not. */
export function pendingOffersOfGroup(db: Db, groupId: number) {
  return db
    .selectFrom('waitlist_offers')
    .select(['id', 'entry_id', 'starts_at', 'calendar_id', 'expires_at'])
    .where('group_id', '=', groupId)
    .where('status', '=', 'sent')
    .execute();
}

/** Every start already offered to these entries, whatever became of the offer. */
export async function offeredStarts(db: Db, entryIds: readonly number[]): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('waitlist_offers')
    .select(['entry_id', 'starts_at'])
    .where('entry_id', 'in', [...entryIds])
    .execute();
  return new Set(rows.map((r) => `${r.entry_id}@${r.starts_at.getTime()}`));
}

export async function insertOffer(
  db: Db,
  offer: {
    entryId: number;
    groupId: number;
    startsAt: Date;
    calendarId: number;
    tokenHash: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('waitlist_offers')
    .values({
      entry_id: offer.entryId,
      group_id: offer.groupId,
      starts_at: offer.startsAt,
      calendar_id: offer.calendarId,
      token_hash: offer.tokenHash,
      expires_at: offer.expiresAt,
      created_at: offer.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findOfferByHash(db: Db, tokenHash: string) {
  return db.selectFrom('waitlist_offers').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findOffer(db: Db, id: number) {
  return db.selectFrom('waitlist_offers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves an offer on from `sent`; false when another outcome was recorded first. */
export async function decideOffer(
  db: Db,
  id: number,
  status: 'accepted' | 'taken',
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('waitlist_offers')
    .set({ status, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The other unanswered offers of the same start on the same calendar. */
export function rivalOffers(
  db: Db,
  groupId: number,
  slot: { startsAt: Date; calendarId: number },
  exceptId: number,
) {
  return db
    .selectFrom('waitlist_offers')
    .select(['id', 'entry_id', 'starts_at', 'calendar_id'])
    .where('group_id', '=', groupId)
    .where('starts_at', '=', slot.startsAt)
    .where('calendar_id', '=', slot.calendarId)
    .where('status', '=', 'sent')
    .where('id', '!=', exceptId)
    .orderBy('id')
    .execute();
}
