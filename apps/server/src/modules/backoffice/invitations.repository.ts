/** The staff_invitations table (docs/back-office.md "Invitations"). */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, StaffRole } from '../../db/database.ts';
import { isShardView } from '../../sharding/routing-dialect.ts';
import { accountNamesById, displayName } from '../accounts/account-names.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewInvitation {
  groupId: number;
  email: string;
  role: StaffRole;
  calendarIds: readonly number[] | null;
  tokenHash: Buffer;
  invitedBy: number | null;
  now: Date;
  expiresAt: Date;
}

/** Pending: neither accepted nor withdrawn, and not expired. */
const pendingAt = (now: Date) =>
  sql<boolean>`i.accepted_at is null and i.revoked_at is null and i.expires_at > ${now}`;

const columns = [
  'i.id',
  'i.group_id',
  'i.email',
  'i.role',
  'i.all_calendars',
  'i.calendar_ids',
  'i.created_at',
  'i.expires_at',
] as const;

/**
 * The group's pending invitations with who sent them. One database: the inviter joined in. A
 * group's shard: the invitations first, then the inviters by id from the directory
 * (docs/operations.md "Sharding").
 */
export async function listPending(db: Db, groupId: number, now: Date) {
  const pending = db
    .selectFrom('staff_invitations as i')
    .where('i.group_id', '=', groupId)
    .where(pendingAt(now))
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc');
  if (!isShardView(db)) {
    return pending
      .leftJoin('accounts as inviter', 'inviter.id', 'i.invited_by')
      .select([...columns, sql<string | null>`coalesce(inviter.name, inviter.email)`.as('invited_by')])
      .execute();
  }
  const rows = await pending.select([...columns, 'i.invited_by as inviter_id']).execute();
  const inviters = await accountNamesById(
    db,
    rows.map((row) => row.inviter_id),
  );
  return rows.map(({ inviter_id, ...row }) => ({
    ...row,
    invited_by: inviter_id === null ? null : displayName(inviters.get(inviter_id)),
  }));
}

export type PendingInvitation = Awaited<ReturnType<typeof listPending>>[number];

/** Withdraws the pending invitations to an address (a new one replaces them); how many. */
export async function revokePendingTo(db: Db, groupId: number, email: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('staff_invitations as i')
    .set({ revoked_at: now })
    .where('i.group_id', '=', groupId)
    .where(sql<boolean>`lower(i.email) = lower(${email})`)
    .where(pendingAt(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function revoke(db: Db, groupId: number, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations as i')
    .set({ revoked_at: now })
    .where('i.group_id', '=', groupId)
    .where('i.id', '=', id)
    .where(pendingAt(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insert(db: Db, invitation: NewInvitation): Promise<number> {
  const row = await db
    .insertInto('staff_invitations')
    .values({
      group_id: invitation.groupId,
      email: invitation.email,
      role: invitation.role,
      all_calendars: invitation.calendarIds === null,
      calendar_ids: sql<number[]>`${sql.val(invitation.calendarIds ?? [])}::integer[]`,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      created_at: invitation.now,
      expires_at: invitation.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The pending invitation of a link, locked when `forUpdate` (its acceptance is single-use). */
export function findPendingByHash(db: Db, tokenHash: Buffer, now: Date, forUpdate = false) {
  const query = db
    .selectFrom('staff_invitations as i')
    .innerJoin('groups as g', 'g.id', 'i.group_id')
    .select([...columns, 'g.name as group_name', 'g.urlname as group_urlname'])
    .where('i.token_hash', '=', tokenHash)
    .where(pendingAt(now));
  return (forUpdate ? query.forUpdate('i') : query).executeTakeFirst();
}

export async function markAccepted(db: Db, id: number, accountId: number, now: Date): Promise<void> {
  await db
    .updateTable('staff_invitations')
    .set({ accepted_at: now, accepted_by: accountId })
    .where('id', '=', id)
    .execute();
}

/** Whether the address already belongs to the group's staff. */
export async function isMemberAddress(db: Db, groupId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('pro_groups as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select('m.account_id')
    .where('m.group_id', '=', groupId)
    .where(sql<boolean>`lower(a.email) = lower(${email})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Makes the account a member of the group (no-op when it already is; the caller sets the role). */
export async function addMember(db: Db, groupId: number, accountId: number): Promise<void> {
  await db
    .insertInto('pro_groups')
    .values({ account_id: accountId, group_id: groupId })
    .onConflict((oc) => oc.columns(['account_id', 'group_id']).doNothing())
    .execute();
}

/** The ids among `calendarIds` that still are calendars of the group. */
export async function existingCalendars(db: Db, groupId: number, calendarIds: readonly number[]) {
  if (calendarIds.length === 0) return [];
  const rows = await db
    .selectFrom('calendars')
    .select('id')
    .where('group_id', '=', groupId)
    .where('id', 'in', calendarIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
