/**
 * Freed time (docs/waitlist.md "When a time frees up"): a change that frees time — a cancellation,
 * a move, an absence removed, hours extended — enqueues, in its own transaction, a scan of the
 * group's waiting list. A module of its own, below both the appointments that free time and the
 * waiting list that books it.
 */
import { localDateIn } from '@creneau/core/time/time-zone';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { insertJob } from '../../jobs/jobs.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const WAITLIST_SCAN = 'waitlist-scan';
/**
 * A scan runs a few seconds after the minute in which the change was made: the changes of one
 * minute share one job, and the delay lets their transactions commit before it reads.
 */
const SCAN_DELAY_MS = 5_000;

/** What was freed: local dates (both included) and calendars; absent means all of them. */
export interface FreedTime {
  fromDate?: string | undefined;
  toDate?: string | undefined;
  calendarIds?: readonly number[] | undefined;
}

/**
 * Enqueues a scan of the group for the freed time, in the caller's transaction. Changes of the same
 * minute to the same days and calendars collapse into one job (its once-key).
 */
export async function enqueueWaitlistScan(db: Db, groupId: number, now: Date, freed: FreedTime = {}) {
  const waiting = await db
    .selectFrom('waitlist_entries')
    .select('id')
    .where('group_id', '=', groupId)
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return null;
  const minute = Math.floor(now.getTime() / 60_000) + 1;
  const calendars = freed.calendarIds ? [...new Set(freed.calendarIds)].sort((a, b) => a - b) : null;
  const payload = {
    groupId,
    fromDate: freed.fromDate ?? null,
    toDate: freed.toDate ?? null,
    calendarIds: calendars,
  };
  return insertJob(db, {
    kind: WAITLIST_SCAN,
    payload,
    groupId,
    runAt: new Date(minute * 60_000 + SCAN_DELAY_MS),
    onceKey: `${WAITLIST_SCAN}:${groupId}:${minute}:${payload.fromDate ?? '*'}:${payload.toDate ?? '*'}:${calendars?.join(',') ?? '*'}`,
    maxAttempts: 5,
  });
}

/** The local days and calendars of a set of appointments, as freed time. */
export function freedBy(
  rows: readonly { starts_at: Date; ends_at: Date; calendar_id: number }[],
  zone: string,
) {
  const dates = rows
    .flatMap((row) => [localDateIn(row.starts_at, zone), localDateIn(row.ends_at, zone)])
    .sort();
  return { fromDate: dates[0], toDate: dates.at(-1), calendarIds: rows.map((row) => row.calendar_id) };
}
