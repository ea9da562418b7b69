/** Rows of the job queue (docs/jobs.md): enqueue, claim what is due, record how a run went. */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, JobStatus } from '../db/database.ts';
import { fixedShapeRows, type Placeholders } from '../db/fixed-shape.ts';
import { writeSoon } from '../db/write-batch.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  groupId?: number | null;
  /** Not before this instant. */
  runAt: Date;
  /** Work that must exist once: enqueuing a key that is already queued (in any state) does nothing. */
  onceKey?: string;
  maxAttempts: number;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  groupId: number | null;
  payload: Record<string, unknown>;
  /** Attempts including the one this claim starts. */
  attempts: number;
  maxAttempts: number;
  createdAt: Date;
}

/**
 * Writes the job on the given connection or transaction, so that it commits or rolls back with the
 * change that causes it. Answers the job's id, or null when its `onceKey` was already queued.
 */
export async function insertJob(db: Db, job: NewJob): Promise<number | null> {
  const row = await db
    .insertInto('jobs')
    .values(jobRow(job))
    .onConflict((oc) => oc.column('once_key').where('once_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The table's row of a job to queue. */
function jobRow(job: NewJob) {
  return {
    kind: job.kind,
    group_id: job.groupId ?? null,
    payload: JSON.stringify(job.payload),
    once_key: job.onceKey ?? null,
    run_at: job.runAt,
    max_attempts: job.maxAttempts,
  };
}

/**
 * Writes several jobs in one statement (a booking's reminders), like insertJob each: a job whose
 * `onceKey` was already queued is not written. In a write batch (db/write-batch.ts) the statement
 * waits for the end of the transaction.
 */
export async function insertJobs(db: Db, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await writeSoon(db, insertJobsQuery.bound(db, jobs.map(jobRow)));
}

/** Built once per number of jobs (db/fixed-shape.ts): a booking queues its reminders on every call. */
const insertJobsQuery = fixedShapeRows((db, rows: Placeholders<ReturnType<typeof jobRow>>[]) =>
  db
    .insertInto('jobs')
    .values(rows)
    .onConflict((oc) => oc.column('once_key').where('once_key', 'is not', null).doNothing()),
);

/**
 * Takes up to `limit` due jobs of the given kinds in one statement. The claim counts as an attempt
 * and moves `run_at` to the end of the lease, so other workers leave the job alone while it runs and
 * a worker that dies only delays it. `for update skip locked` lets processes claim side by side.
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  options: { now: Date; leaseUntil: Date; limit: number; kinds: readonly string[] },
): Promise<ClaimedJob[]> {
  if (options.kinds.length === 0) return [];
  const rows = await db
    .with('due', (qb) =>
      qb
        .selectFrom('jobs')
        .select('id')
        // A literal: the prepared statement's plan must match the partial index jobs_due.
        .where('status', '=', sql.lit('pending'))
        .where('run_at', '<=', options.now)
        .where('kind', 'in', options.kinds)
        .orderBy('run_at')
        .limit(options.limit)
        .forUpdate()
        .skipLocked(),
    )
    .updateTable('jobs')
    .from('due')
    .set((eb) => ({ attempts: eb('jobs.attempts', '+', 1), run_at: options.leaseUntil }))
    .whereRef('jobs.id', '=', 'due.id')
    .returningAll('jobs')
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      groupId: row.group_id,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      createdAt: row.created_at,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Locks the job for the transaction that finishes it, if it is still this claim's: a worker whose
 * lease ran out, and whose job another worker claimed since, finds it no longer matches.
 */
export async function lockClaim(trx: Transaction<Database>, job: Pick<ClaimedJob, 'id' | 'attempts'>) {
  const row = await trx
    .selectFrom('jobs')
    .select('id')
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the end of a claim: done, to be retried at `retryAt`, or given up (dead). */
export async function finishClaim(
  db: Db,
  job: Pick<ClaimedJob, 'id' | 'attempts'>,
  outcome:
    | { status: 'done'; now: Date }
    | { status: 'retry'; retryAt: Date; error: string }
    | { status: 'dead'; now: Date; error: string },
): Promise<boolean> {
  const set =
    outcome.status === 'done'
      ? { status: 'done' as const, finished_at: outcome.now, last_error: null }
      : outcome.status === 'retry'
        ? { run_at: outcome.retryAt, last_error: outcome.error }
        : { status: 'dead' as const, finished_at: outcome.now, last_error: outcome.error };
  const result = await db
    .updateTable('jobs')
    .set(set)
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels the pending jobs whose once-key starts with `prefix` (a moved appointment's reminders). */
export async function cancelPendingJobs(db: Db, prefix: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', finished_at: now })
    .where('status', '=', 'pending')
    .where('once_key', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface JobSummary {
  id: number;
  kind: string;
  status: JobStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** A group's dead jobs, newest first: what the back office shows as work that could not be done. */
export async function deadJobsOfGroup(
  db: Kysely<Database>,
  groupId: number,
  limit: number,
): Promise<JobSummary[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['id', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'finished_at'])
    .where('group_id', '=', groupId)
    .where('status', '=', 'dead')
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  }));
}

/** Puts a dead job of the group back in the queue, due now, with a fresh count of attempts. */
export async function requeueDeadJob(db: Db, groupId: number, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'pending', attempts: 0, run_at: now, finished_at: null })
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes finished jobs older than the given instants; their payloads hold addresses. */
export async function purgeFinishedJobs(
  db: Kysely<Database>,
  options: { doneBefore: Date; deadBefore: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['done', 'cancelled']), eb('finished_at', '<', options.doneBefore)]),
        eb.and([eb('status', '=', 'dead'), eb('finished_at', '<', options.deadBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
