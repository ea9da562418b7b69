/**
 * What happened to an appointment after it was booked (docs/back-office.md "History"): every move,
 * change, cancellation and staff mark, with who did it and when, written in the same transaction
 * as the change itself. The booking is the appointment's own created_at and booked_by_pro_id.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, HistoryAction } from '../../db/database.ts';
import { isShardView } from '../../sharding/routing-dialect.ts';
import type { Viewer } from '../sessions/viewer.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface HistoryEntry {
  groupId: number;
  appointmentIds: readonly number[];
  viewer: Viewer;
  action: HistoryAction;
  at: Date;
  details?: Record<string, unknown>;
}

export async function recordHistory(db: Db, entry: HistoryEntry): Promise<void> {
  if (entry.appointmentIds.length === 0) return;
  const staff = entry.viewer.type === 'pro' && entry.viewer.proGroupIds.includes(entry.groupId);
  await db
    .insertInto('appointment_history')
    .values(
      entry.appointmentIds.map((appointment_id) => ({
        group_id: entry.groupId,
        appointment_id,
        at: entry.at,
        actor: staff ? ('staff' as const) : ('customer' as const),
        actor_account_id: entry.viewer.accountId,
        action: entry.action,
        details: JSON.stringify(entry.details ?? {}),
      })),
    )
    .execute();
}

export async function listHistory(db: Db, groupId: number, appointmentId: number) {
  if (isShardView(db)) return listHistoryOnShard(db, groupId, appointmentId);
  return db
    .selectFrom('appointment_history as h')
    .leftJoin('accounts as acc', 'acc.id', 'h.actor_account_id')
    .select([
      'h.at',
      'h.actor',
      'h.action',
      'h.details',
      'acc.name as actor_name',
      'acc.email as actor_email',
    ])
    .where('h.group_id', '=', groupId)
    .where('h.appointment_id', '=', appointmentId)
    .orderBy('h.at')
    .orderBy('h.id')
    .execute();
}

/** The same on a group's shard, where accounts are not: their names read by id from the directory. */
async function listHistoryOnShard(db: Db, groupId: number, appointmentId: number) {
  const entries = await db
    .selectFrom('appointment_history as h')
    .select(['h.at', 'h.actor', 'h.action', 'h.details', 'h.actor_account_id'])
    .where('h.group_id', '=', groupId)
    .where('h.appointment_id', '=', appointmentId)
    .orderBy('h.at')
    .orderBy('h.id')
    .execute();
  const ids = [...new Set(entries.map((e) => e.actor_account_id).filter((id) => id !== null))];
  const actors = new Map(
    ids.length === 0
      ? []
      : (
          await db.selectFrom('accounts').select(['id', 'name', 'email']).where('id', 'in', ids).execute()
        ).map((a) => [a.id, a]),
  );
  return entries.map(({ actor_account_id, ...entry }) => {
    const actor = actor_account_id === null ? undefined : actors.get(actor_account_id);
    return { ...entry, actor_name: actor?.name ?? null, actor_email: actor?.email ?? null };
  });
}
