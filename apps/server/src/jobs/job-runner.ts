/**
 * Runs the job queue (docs/jobs.md): claims due jobs, hands each to the handler of its kind, and
 * records the outcome — done, retried with backoff, or dead after its last attempt. Every server
 * process runs one; claims with row locks let them share the work without running a job twice at
 * once. Periodic tasks (the reminder sweep) run here too, in every process: each must be idempotent.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/database.ts';
import { DEFAULT_LEASE_MS } from './job-policy.ts';
import {
  type ClaimedJob,
  claimDueJobs,
  finishClaim,
  lockClaim,
  purgeFinishedJobs,
} from './jobs.repository.ts';
import { dueBy, type Round, type Rounds, startRounds } from './rounds.ts';

export interface JobHandler {
  /**
   * 'transaction': `run` gets a transaction in which the job is also marked done, so its database
   * effects (an outbox mail, a ledger row) happen exactly once. 'outside': `run` talks to the world
   * (an HTTP call) and the job is marked done after it — at least once, as such calls can only be.
   */
  mode: 'transaction' | 'outside';
  run(
    job: ClaimedJob,
    tools: { ctx: AppContext; db: AppContext['db'] | Transaction<Database>; now: Date },
  ): Promise<void>;
  /** Delay after the n-th failed attempt. */
  retryDelayMs(failedAttempts: number): number;
}

/** Thrown by a handler whose job can never succeed (a refused phone number): dead at once, no retry. */
export class GiveUp extends Error {}

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(ctx: AppContext, now: Date): Promise<unknown>;
}

/** `runOnce` runs everything due now, periodic tasks included (tests, and each timed round). */
export type JobRunner = Rounds<number>;

export interface JobRunnerOptions {
  handlers: Record<string, JobHandler>;
  periodic?: PeriodicTask[];
  /** Pause between rounds; 0 runs no rounds of its own (tests call runOnce). Default 1000. */
  intervalMs?: number;
  /** Jobs claimed per statement. Default 20. */
  batchSize?: number;
  /** How long a claimed job is left to its worker; far above any handler's own timeouts. */
  leaseMs?: number;
  log?: { error(message: string): void };
  /** Told when a timed round ends: without error or not, held back or not (jobs/rounds.ts). */
  onRound?: (ok: boolean, held: boolean) => void;
}

const DAY_MS = 86_400_000;
/** Finished jobs are kept a week, dead ones a month (the back office lists them). */
const DONE_RETENTION_MS = 7 * DAY_MS;
const DEAD_RETENTION_MS = 30 * DAY_MS;

/** A thrown value as one line for `last_error`. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

export function startJobRunner(ctx: AppContext, options: JobRunnerOptions): JobRunner {
  const handlers = options.handlers;
  const kinds = Object.keys(handlers);
  const intervalMs = options.intervalMs ?? 1000;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const log = options.log ?? { error: (message: string) => console.error(message) };
  const periodic = [...(options.periodic ?? []), purgeTask];
  const lastRun = new Map<string, number>();

  const runJob = async (job: ClaimedJob) => {
    const handler = handlers[job.kind]!;
    try {
      if (handler.mode === 'transaction') {
        await ctx.db.transaction().execute(async (trx) => {
          // Another worker took the job over after this lease ran out: leave it to that worker.
          if (!(await lockClaim(trx, job))) return;
          const now = ctx.now();
          await handler.run(job, { ctx, db: trx, now });
          await finishClaim(trx, job, { status: 'done', now });
        });
      } else {
        await handler.run(job, { ctx, db: ctx.db, now: ctx.now() });
        await finishClaim(ctx.db, job, { status: 'done', now: ctx.now() });
      }
      return true;
    } catch (error) {
      const now = ctx.now();
      const message = describeError(error);
      const outcome =
        job.attempts >= job.maxAttempts || error instanceof GiveUp
          ? ({ status: 'dead', now, error: message } as const)
          : ({
              status: 'retry',
              retryAt: new Date(now.getTime() + handler.retryDelayMs(job.attempts)),
              error: message,
            } as const);
      await finishClaim(ctx.db, job, outcome);
      if (outcome.status === 'dead') log.error(`job ${job.id} (${job.kind}) gave up: ${message}`);
      return false;
    }
  };

  const runPeriodic = async (round: Pick<Round, 'heldBackMs'>) => {
    const now = ctx.now().getTime();
    const due = dueBy(round, new Date(now)).getTime();
    for (const task of periodic) {
      if (due - (lastRun.get(task.name) ?? Number.NEGATIVE_INFINITY) < task.everyMs) continue;
      lastRun.set(task.name, now);
      await task.run(ctx, new Date(now));
    }
  };

  // A busy server (jobs/rounds.ts) runs only the jobs it has held back long enough, and its
  // periodic tasks (the purges) once they are overdue by as much.
  const round = async ({ stopping, heldBackMs }: Round) => {
    await runPeriodic({ heldBackMs });
    let done = 0;
    for (;;) {
      const now = ctx.now();
      const claimed = await claimDueJobs(ctx.db, {
        now: dueBy({ heldBackMs }, now),
        leaseUntil: new Date(now.getTime() + leaseMs),
        limit: batchSize,
        kinds,
      });
      for (const job of claimed) if (await runJob(job)) done += 1;
      if (claimed.length < batchSize || stopping()) return done;
    }
  };

  return startRounds(round, {
    intervalMs,
    holdWhenBusyMs: ctx.config.busyHoldMs,
    onRound: options.onRound,
    onError: (error) => log.error(`job runner: ${describeError(error)}`),
  });
}

const purgeTask: PeriodicTask = {
  name: 'purge finished jobs',
  everyMs: 3_600_000,
  run: (ctx, now) =>
    purgeFinishedJobs(ctx.db, {
      doneBefore: new Date(now.getTime() - DONE_RETENTION_MS),
      deadBefore: new Date(now.getTime() - DEAD_RETENTION_MS),
    }),
};
