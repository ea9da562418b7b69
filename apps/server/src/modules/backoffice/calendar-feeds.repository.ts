/** The calendar_feeds table and the appointments a feed shows (docs/back-office.md "Calendar subscriptions"). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isShardView } from '../../sharding/routing-dialect.ts';
import { accountNamesById } from '../accounts/account-names.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** History entries that change what a calendar app shows of an appointment: each one raises its SEQUENCE. */
const REVISING_ACTIONS = ['moved', 'changed', 'cancelled'] as const;

/** A feed's own columns; on one database with its owner's name and e-mail joined in. */
function listed(db: Db) {
  return db
    .selectFrom('calendar_feeds as f')
    .leftJoin('calendars as c', 'c.id', 'f.calendar_id')
    .select([
      'f.id',
      'f.group_id',
      'f.account_id',
      'f.calendar_id',
      'f.created_at',
      'f.last_fetched_at',
      'c.name as calendar_name',
    ]);
}

type ListedQuery = ReturnType<typeof listed>;
type ListedRow = Awaited<ReturnType<ListedQuery['execute']>>[number];

/**
 * The feeds a query finds with their owners. One database: the owner joined in, as always. A
 * group's shard, where accounts are not: the feeds first, then their owners by id from the
 * directory (docs/operations.md "Sharding"); a feed whose owner is gone is left out, as the join did.
 */
async function withOwners(db: Db, query: ListedQuery) {
  if (!isShardView(db)) {
    return query
      .innerJoin('accounts as acc', 'acc.id', 'f.account_id')
      .select(['acc.name as owner_name', 'acc.email as owner_email'])
      .execute();
  }
  const rows: ListedRow[] = await query.execute();
  const owners = await accountNamesById(
    db,
    rows.map((row) => row.account_id),
  );
  return rows.flatMap((row) => {
    const owner = owners.get(row.account_id);
    return owner ? [{ ...row, owner_name: owner.name, owner_email: owner.email }] : [];
  });
}

export type FeedRow = Awaited<ReturnType<typeof listFeeds>>[number];

/** The group's feeds, or only one member's. */
export function listFeeds(db: Db, groupId: number, accountId: number | null) {
  let query = listed(db).where('f.group_id', '=', groupId);
  if (accountId !== null) query = query.where('f.account_id', '=', accountId);
  return withOwners(db, query.orderBy('f.created_at').orderBy('f.id'));
}

export async function findFeed(db: Db, groupId: number, id: number) {
  const [row] = await withOwners(db, listed(db).where('f.group_id', '=', groupId).where('f.id', '=', id));
  return row;
}

export async function countFeedsOf(db: Db, groupId: number, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('group_id', '=', groupId)
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertFeed(
  db: Db,
  feed: { groupId: number; accountId: number; calendarId: number | null; tokenHash: Buffer; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('calendar_feeds')
    .values({
      group_id: feed.groupId,
      account_id: feed.accountId,
      calendar_id: feed.calendarId,
      token_hash: feed.tokenHash,
      created_at: feed.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteFeed(db: Db, groupId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('calendar_feeds')
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function findFeedByHash(db: Db, tokenHash: Buffer) {
  return db
    .selectFrom('calendar_feeds')
    .select(['id', 'group_id', 'account_id', 'calendar_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markFetched(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('calendar_feeds').set({ last_fetched_at: now }).where('id', '=', id).execute();
}

export function activeCalendar(db: Db, groupId: number, calendarId: number) {
  return db
    .selectFrom('calendars')
    .select(['id', 'name'])
    .where('group_id', '=', groupId)
    .where('id', '=', calendarId)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/**
 * The appointments of the calendars (null: every calendar of the group) overlapping the window,
 * cancelled ones included, with how often each was revised and when last.
 */
export function feedAppointments(
  db: Db,
  groupId: number,
  calendarIds: readonly number[] | null,
  window: { from: Date; to: Date },
  limit: number,
) {
  let query = db
    .selectFrom('appointments as a')
    .select([
      'a.id',
      'a.updated_at',
      (eb) =>
        eb
          .selectFrom('appointment_history as h')
          .select((h) => h.fn.countAll<string>().as('n'))
          .whereRef('h.appointment_id', '=', 'a.id')
          .where('h.group_id', '=', groupId)
          .where('h.action', 'in', REVISING_ACTIONS)
          .as('revisions'),
      (eb) =>
        eb
          .selectFrom('appointment_history as h')
          .select((h) => h.fn.max('h.at').as('at'))
          .whereRef('h.appointment_id', '=', 'a.id')
          .where('h.group_id', '=', groupId)
          .as('last_history_at'),
    ])
    .where('a.group_id', '=', groupId)
    .where('a.starts_at', '<', window.to)
    .where('a.ends_at', '>', window.from);
  if (calendarIds !== null) {
    if (calendarIds.length === 0) return Promise.resolve([]);
    query = query.where('a.calendar_id', 'in', [...calendarIds]);
  }
  return query.orderBy('a.starts_at').orderBy('a.id').limit(limit).execute();
}
