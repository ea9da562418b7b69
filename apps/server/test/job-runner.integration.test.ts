/**
 * The job queue and its runner on PGlite and PostgreSQL: once-keys, due times, retries with backoff,
 * dead jobs and their requeue, effects that roll back with a failed run, a stale worker fenced off
 * after its lease, and several runners sharing the queue without running a job twice.
 */
import { sql } from 'kysely';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../src/app-context.ts';
import { type JobHandler, startJobRunner } from '../src/jobs/job-runner.ts';
import {
  claimDueJobs,
  deadJobsOfGroup,
  finishClaim,
  insertJob,
  requeueDeadJob,
} from '../src/jobs/jobs.repository.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { sampleGroup } from './support/fixtures.ts';
import { contextFor, TestClock, testConfig } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('job runner', (database) => {
  const clock = new TestClock(new Date('2026-11-23T08:00:00Z'));
  let ctx: AppContext;
  let groupId: number;
  const ran: string[] = [];
  const gaveUp: string[] = [];

  /** A handler that records each run and fails while `failures` says so. */
  const recorder = (mode: JobHandler['mode'], failures = 0): JobHandler => {
    let left = failures;
    return {
      mode,
      retryDelayMs: (n) => 1000 * n,
      async run(job, { db }) {
        ran.push(String(job.payload.name));
        // A database effect of the run: it must exist exactly when the run succeeded.
        await sql`insert into job_effects (name) values (${String(job.payload.name)})`.execute(db);
        if (left > 0) {
          left -= 1;
          throw new Error(`failing on purpose\n(${left} more)`);
        }
      },
    };
  };
  const effects = async () =>
    (await sql<{ name: string }>`select name from job_effects order by id`.execute(ctx.db)).rows.map(
      (r) => r.name,
    );
  const job = (name: string, options: { runAt?: Date; onceKey?: string; maxAttempts?: number } = {}) =>
    insertJob(ctx.db, {
      kind: 'test',
      payload: { name },
      groupId,
      runAt: options.runAt ?? clock.now(),
      onceKey: options.onceKey,
      maxAttempts: options.maxAttempts ?? 3,
    });

  beforeAll(async () => {
    ctx = contextFor(database(), clock, testConfig());
    groupId = (await importGroupConfig(ctx.db, sampleGroup())).id;
    await sql`create table job_effects (id serial primary key, name text not null)`.execute(ctx.db);
  });
  afterEach(async () => {
    ran.length = 0;
    await ctx.db.deleteFrom('jobs').execute();
    await sql`delete from job_effects`.execute(ctx.db);
    clock.set('2026-11-23T08:00:00Z');
  });

  it('runs a due job once, leaves a future one until its time, and enqueues a once-key only once', async () => {
    expect(await job('now')).toEqual(expect.any(Number));
    await job('later', { runAt: new Date('2026-11-23T09:00:00Z'), onceKey: 'k1' });
    expect(await job('later again', { onceKey: 'k1' })).toBeNull();
    const runner = startJobRunner(ctx, { handlers: { test: recorder('transaction') }, intervalMs: 0 });
    expect(await runner.runOnce()).toBe(1);
    expect(await runner.runOnce()).toBe(0);
    clock.set('2026-11-23T09:00:00Z');
    expect(await runner.runOnce()).toBe(1);
    expect(ran).toEqual(['now', 'later']);
    expect(await effects()).toEqual(['now', 'later']);
    const statuses = await ctx.db.selectFrom('jobs').select('status').execute();
    expect(statuses.map((r) => r.status)).toEqual(['done', 'done']);
    await runner.stop();
  });

  it('a round held back by a busy server runs only the jobs due long enough; the next one the rest', async () => {
    const now = clock.now().getTime();
    await job('due a minute ago', { runAt: new Date(now - 61_000) });
    await job('due just now', { runAt: new Date(now - 5_000) });
    const runner = startJobRunner(ctx, { handlers: { test: recorder('transaction') }, intervalMs: 0 });
    expect(await runner.runOnce(60_000)).toBe(1);
    expect(ran).toEqual(['due a minute ago']);
    expect(await runner.runOnce(60_000)).toBe(0);
    expect(await runner.runOnce()).toBe(1);
    expect(ran).toEqual(['due a minute ago', 'due just now']);
    await runner.stop();
  });

  it('retries with backoff, keeps no effect of a failed transactional run, and gives up after the last attempt', async () => {
    const id = (await job('flaky', { maxAttempts: 3 }))!;
    const runner = startJobRunner(ctx, {
      handlers: { test: recorder('transaction', 5) },
      intervalMs: 0,
      log: { error: (message) => gaveUp.push(message) },
    });
    await runner.runOnce();
    let row = await ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'failing on purpose (4 more)' });
    expect(row.run_at).toEqual(new Date('2026-11-23T08:00:01Z'));
    expect(await effects()).toEqual([]);
    // Not before its retry time.
    await runner.runOnce();
    expect(ran).toEqual(['flaky']);
    clock.advance(1000);
    await runner.runOnce();
    clock.advance(2000);
    await runner.runOnce();
    row = await ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'dead', attempts: 3 });
    expect(ran).toEqual(['flaky', 'flaky', 'flaky']);
    expect(await effects()).toEqual([]);
    expect(gaveUp).toEqual([`job ${id} (test) gave up: failing on purpose (2 more)`]);

    const dead = await deadJobsOfGroup(ctx.db, groupId, 10);
    expect(dead).toEqual([expect.objectContaining({ id, kind: 'test', attempts: 3 })]);
    expect(await requeueDeadJob(ctx.db, groupId + 1, id, clock.now())).toBe(false);
    expect(await requeueDeadJob(ctx.db, groupId, id, clock.now())).toBe(true);
    const healthy = startJobRunner(ctx, { handlers: { test: recorder('transaction') }, intervalMs: 0 });
    expect(await healthy.runOnce()).toBe(1);
    expect(await effects()).toEqual(['flaky']);
    await Promise.all([runner.stop(), healthy.stop()]);
  });

  it('keeps the effects of an outside run that failed after them (at least once) and retries it', async () => {
    await job('outside');
    const runner = startJobRunner(ctx, { handlers: { test: recorder('outside', 1) }, intervalMs: 0 });
    await runner.runOnce();
    clock.advance(1000);
    await runner.runOnce();
    expect(await effects()).toEqual(['outside', 'outside']);
    await runner.stop();
  });

  it('fences off a worker whose lease ran out: the job is run and finished by the one that took it over', async () => {
    const id = (await job('slow'))!;
    const [stale] = await claimDueJobs(ctx.db, {
      now: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + 60_000),
      limit: 5,
      kinds: ['test'],
    });
    clock.advance(60_000);
    const runner = startJobRunner(ctx, { handlers: { test: recorder('transaction') }, intervalMs: 0 });
    expect(await runner.runOnce()).toBe(1);
    // The first worker comes back and reports: its verdict no longer applies.
    expect(await finishClaim(ctx.db, stale!, { status: 'dead', now: clock.now(), error: 'late' })).toBe(
      false,
    );
    const row = await ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    await runner.stop();
  });

  it('leaves kinds it has no handler for to the runners that have one', async () => {
    await insertJob(ctx.db, { kind: 'other', payload: {}, runAt: clock.now(), maxAttempts: 1 });
    const runner = startJobRunner(ctx, { handlers: { test: recorder('transaction') }, intervalMs: 0 });
    expect(await runner.runOnce()).toBe(0);
    const row = await ctx.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    await runner.stop();
  });

  it('shares 200 jobs between three runners with none run twice', async () => {
    for (let i = 0; i < 200; i++) await job(`j${i}`);
    const runners = [1, 2, 3].map(() =>
      startJobRunner(ctx, { handlers: { test: recorder('transaction') }, intervalMs: 0, batchSize: 7 }),
    );
    const counts = await Promise.all(runners.map((r) => r.runOnce()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(200);
    const names = await effects();
    expect(names).toHaveLength(200);
    expect(new Set(names).size).toBe(200);
    await Promise.all(runners.map((r) => r.stop()));
  });

  it('runs periodic tasks once per period in a process', async () => {
    let sweeps = 0;
    const runner = startJobRunner(ctx, {
      handlers: {},
      periodic: [{ name: 'sweep', everyMs: 60_000, run: async () => sweeps++ }],
      intervalMs: 0,
    });
    await runner.runOnce();
    await runner.runOnce();
    clock.advance(60_000);
    await runner.runOnce();
    expect(sweeps).toBe(2);
    await runner.stop();
  });
});
