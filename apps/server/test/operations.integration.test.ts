/**
 * The operations endpoints (docs/operations.md): liveness, readiness (database reachable, every
 * migration applied, not draining), Prometheus metrics and who may read them, and request ids.
 */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertJob } from '../src/jobs/jobs.repository.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createPgliteDatabase, forEachDatabase } from './support/test-db.ts';

/** The value of one sample in a Prometheus text exposition (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

forEachDatabase('operations endpoints', (database, engine) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
    id = await idsByExternid(t, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  const metrics = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    return response.body;
  };

  it('answers liveness and readiness without an api key', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'applied' });
  });

  it('says not ready while a migration this code knows is missing from the database', async () => {
    const [last] = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`
      .execute(t.ctx.db)
      .then((r) => r.rows);
    await sql`delete from kysely_migration where name = ${last!.name}`.execute(t.ctx.db);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'unavailable',
        migrations: 'pending',
        pending: [last!.name],
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last!.name}, ${last!.timestamp})`.execute(
        t.ctx.db,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('counts bookings by outcome, conflicts by reason, and times each route', async () => {
    const list = await slots(
      t,
      groupId,
      `start=2026-11-23&intervention_ids[]=${id.cut}&calendar_id=${id.alice}`,
    );
    const start = list.body.availabletimeslots[0].start as string;
    const selection = { date: start, group_id: groupId, intervention_ids: [id.cut], calendar_id: id.alice };
    const booked = await book(t, { ...selection, fiche: newFiche('Léa') });
    expect(booked.status).toBe(201);
    const taken = await book(t, { ...selection, fiche: newFiche('Zoé') });
    expect(taken.status).toBe(409);
    const replayKey = 'operations-replay';
    const later = list.body.availabletimeslots[4].start as string;
    for (let i = 0; i < 2; i++) {
      const response = await book(
        t,
        { ...selection, date: later, fiche: newFiche('Inès') },
        { key: replayKey },
      );
      expect(response.status).toBe(201);
    }
    const bad = await book(t, { ...selection, group_id: 999_999, fiche: newFiche('Léa') });
    expect(bad.status).toBe(404);

    // The legacy generation's booking route counts too, its error key read from its own error form.
    const legacy = await t.app.inject({
      method: 'POST',
      url: `/api/groups/${groupId}/appointments.json?apikey=test-key`,
      payload: { appointment: { from_web: 1, ...selection, fiche: newFiche('Zoé') } },
    });
    expect(legacy.statusCode).toBe(409);

    const text = await metrics();
    expect(sample(text, 'creneau_bookings_total', { operation: 'create', outcome: 'conflict' })).toBe(2);
    expect(sample(text, 'creneau_booking_conflicts_total', { reason: legacy.json()[0].error })).toBe(2);
    const bookings = (outcome: string) =>
      sample(text, 'creneau_bookings_total', { operation: 'create', outcome });
    expect(bookings('booked')).toBe(2);
    expect(bookings('replayed')).toBe(1);
    expect(bookings('rejected')).toBe(1);
    expect(legacy.json()[0].error).toBe(taken.body.message);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/v3/appointments',
        status_code: '201',
      }),
    ).toBe(3);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v3/groups/:id/availabletimeslots',
        status_code: '200',
      }),
    ).toBe(1);
    // Unknown paths share one label instead of one series each.
    await t.app.inject({ method: 'GET', url: '/api/v3/no/such/path/1234?apikey=test-key' });
    const after = await metrics();
    expect(after).not.toContain('/no/such/path');
    expect(sample(after, 'http_request_duration_seconds_count', { route: '(unmatched)' })).toBeGreaterThan(0);
  });

  it('reports the job queue: due jobs, how long the oldest waited, dead ones', async () => {
    const group = await t.ctx.db.selectFrom('groups').select('id').executeTakeFirstOrThrow();
    const now = t.ctx.now();
    const ids = await Promise.all(
      [60_000, 5_000, -60_000].map((ago) =>
        insertJob(t.ctx.db, {
          kind: 'metrics-test',
          payload: {},
          groupId: group.id,
          runAt: new Date(now.getTime() - ago),
          maxAttempts: 1,
        }),
      ),
    );
    await t.ctx.db
      .updateTable('jobs')
      .set({ status: 'dead', finished_at: now })
      .where('id', '=', ids[1]!)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const text = await metrics();
    expect(sample(text, 'creneau_jobs_due')).toBe(1);
    expect(sample(text, 'creneau_jobs_lag_seconds')).toBeGreaterThanOrEqual(60);
    expect(sample(text, 'creneau_jobs_dead')).toBe(1);
    await t.ctx.db.deleteFrom('jobs').where('kind', '=', 'metrics-test').execute();
  });

  it('reports the mail outbox backlog as the database holds it, and the pool on PostgreSQL', async () => {
    const { n } = await t.ctx.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(0);
    // The outbox figures are read at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const text = await metrics();
    expect(sample(text, 'creneau_mail_outbox_pending')).toBe(Number(n));
    expect(sample(text, 'creneau_mail_outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'creneau_job_seconds_since_success', { job: 'mail' })).toBeGreaterThanOrEqual(0);
    // Rounds held back by a busy server (docs/jobs.md "Requests first"), counted per job.
    const heldBefore = sample(text, 'creneau_job_rounds_held', { job: 'mail' })!;
    t.operations.recordJobRound('mail', true, true);
    t.operations.recordJobRound('mail', true, false);
    const after = await metrics();
    expect(sample(after, 'creneau_job_rounds_held', { job: 'mail' })).toBe(heldBefore + 1);
    expect(sample(after, 'creneau_job_rounds_held', { job: 'jobs' })).toBe(0);
    expect(sample(text, 'creneau_jobs_due')).toBe(0);
    expect(sample(text, 'creneau_jobs_dead')).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    if (engine === 'postgres') {
      expect(sample(text, 'creneau_db_pool_max')).toBe(10);
      expect(sample(text, 'creneau_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } else {
      expect(sample(text, 'creneau_db_pool_max')).toBeUndefined();
    }
  });
});

describe('who may read /metrics', () => {
  let open: TestApp;
  let guarded: TestApp;
  const token = 'metrics-token-0123456789';

  beforeAll(async () => {
    open = await createTestApp(await createPgliteDatabase());
    guarded = await createTestApp(await createPgliteDatabase(), { config: { metricsToken: token } });
  });
  afterAll(async () => {
    await open.app.close();
    await guarded.app.close();
  });

  it('without a token: direct loopback connections only, never one a proxy forwards', async () => {
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      open.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers }).then((r) => r.statusCode);
    expect(await get('127.0.0.1')).toBe(200);
    expect(await get('::1')).toBe(200);
    expect(await get('::ffff:127.0.0.1')).toBe(200);
    expect(await get('203.0.113.7')).toBe(403);
    expect(await get('10.0.0.2')).toBe(403);
    expect(await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toBe(403);
    expect(await get('127.0.0.1', { forwarded: 'for=203.0.113.7' })).toBe(403);
  });

  it('with METRICS_TOKEN: only its bearer, from anywhere', async () => {
    const get = (headers: Record<string, string>, remoteAddress = '203.0.113.7') =>
      guarded.app
        .inject({ method: 'GET', url: '/metrics', remoteAddress, headers })
        .then((r) => r.statusCode);
    expect(await get({ authorization: `Bearer ${token}` })).toBe(200);
    expect(await get({ authorization: `Bearer ${token}x` })).toBe(403);
    expect(await get({ authorization: token })).toBe(403);
    expect(await get({}, '127.0.0.1')).toBe(403);
    const refused = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
    });
    expect(refused.json()).toEqual({ message: 'forbidden', messages: { errors: ['forbidden'] } });
  });
});

describe('readiness when the database is gone, and while draining', () => {
  it('answers 503 once the database stops answering', async () => {
    const handle = await createPgliteDatabase();
    const t = await createTestApp(handle);
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    await handle.close();
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    // Liveness is about the process, not its dependencies.
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    await t.app.close();
  });
});

describe('request ids', () => {
  let t: TestApp;
  let logs = '';

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    t = await createTestApp(await createPgliteDatabase(), { logStream: stream });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('gives each request an id, answers it in X-Request-Id and logs it with the request', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/health/live' });
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/v3/services/groups/none.json?apikey=test-key',
    });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    for (const value of ids) expect(value).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const lines = logs
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(lines.filter((line) => line.reqId === ids[1]).map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
  });

  it('keeps an id the caller sends when it looks like one, and replaces anything else', async () => {
    const sent = 'edge-7f3a.42:retry_1';
    const kept = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': sent },
    });
    expect(kept.headers['x-request-id']).toBe(sent);
    for (const bad of ['two words', 'x'.repeat(129), 'line\\nbreak', '{"json":1}']) {
      const replaced = await t.app.inject({
        method: 'GET',
        url: '/health/live',
        headers: { 'x-request-id': bad },
      });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
