/**
 * Under overload the API answers at once `503 serverBusy` with Retry-After instead of queueing the
 * call, while liveness and /metrics keep answering (docs/operations.md "Under overload"). The
 * pressure is forced through the database pool's figures, which the test hands the server in
 * place of a real pool: no load to generate, no sleeping for a sample. On PostgreSQL, a real pool
 * of one connection held by a transaction shows the same with real queued queries.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../src/config.ts';
import type { DatabaseHandle, PoolStats } from '../src/db/connection.ts';
import { mayRefuse, poolHealthy } from '../src/http/overload.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { createPgliteDatabase, createPostgresDatabase, engines } from './support/test-db.ts';

/** The value of one sample in a Prometheus text exposition (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const RETRY_AFTER = 7;
const MAX_WAITING = 10;

describe('the overload settings', () => {
  it('default to half a second of loop delay, 100 queries waiting and 5 s, and refuse nonsense', () => {
    expect(readConfig({ DATA_DIR: '/tmp/creneau-overload-config' }).overload).toEqual({
      maxEventLoopDelayMs: 500,
      maxDbWaiting: 100,
      retryAfterSeconds: 5,
    });
    const env = { DATA_DIR: '/tmp/creneau-overload-config' };
    expect(readConfig({ ...env, OVERLOAD_MAX_DB_WAITING: '0' }).overload.maxDbWaiting).toBe(0);
    expect(() => readConfig({ ...env, OVERLOAD_MAX_DB_WAITING: '-1' })).toThrow(/OVERLOAD_MAX_DB_WAITING/);
    expect(() => readConfig({ ...env, OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '1.5' })).toThrow(
      /OVERLOAD_MAX_EVENT_LOOP_DELAY_MS/,
    );
    expect(() => readConfig({ ...env, OVERLOAD_RETRY_AFTER_SECONDS: '0' })).toThrow(
      /OVERLOAD_RETRY_AFTER_SECONDS/,
    );
  });

  it('refuse only API calls, and only past the threshold', () => {
    expect(mayRefuse('/api/v3/groups/1/availabletimeslots?x=1')).toBe(true);
    expect(mayRefuse('/api/groups/1/appointments.json')).toBe(true);
    // Only an image file's own path is spared: the paths around it are calls like any other.
    expect(mayRefuse('/api/v3/groups/5/images')).toBe(true);
    expect(mayRefuse('/api/v3/groups/5/images/x.png/other')).toBe(true);
    for (const url of [
      '/health/live',
      '/health/ready',
      '/metrics',
      '/',
      '/demo-salon/book',
      '/assets/app.js',
      // An image the page shows: a browser does not retry an <img>.
      '/api/v3/groups/5/images/647e8dfc9ce3aeb0a722b7fbb7279221-logo.png',
    ])
      expect(mayRefuse(url), url).toBe(false);
    const stats = (waiting: number): PoolStats => ({ total: 20, idle: 0, waiting, max: 20 });
    expect(poolHealthy(stats(MAX_WAITING), MAX_WAITING)).toBe(true);
    expect(poolHealthy(stats(MAX_WAITING + 1), MAX_WAITING)).toBe(false);
  });
});

describe('with the database pool overloaded', () => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  /** The pool's queue as the server sees it; the test moves it. */
  let waiting = 0;

  beforeAll(async () => {
    const database = await createPgliteDatabase();
    t = await createTestApp(
      { ...database, poolStats: () => ({ total: 20, idle: 0, waiting, max: 20 }) },
      {
        config: {
          overload: { maxEventLoopDelayMs: 0, maxDbWaiting: MAX_WAITING, retryAfterSeconds: RETRY_AFTER },
        },
      },
    );
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
    id = await idsByExternid(t, groupId);
  });
  afterAll(async () => {
    await t.app.close();
    await t.ctx.db.destroy();
  });

  const metricsText = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const refusals = async () =>
    sample(await metricsText(), 'creneau_overload_refusals_total', { cause: 'database_pool' });
  const slotQuery = () => `start=2026-11-23&intervention_ids[]=${id.cut}&calendar_id=${id.alice}`;

  /** Sets the queue and waits for the server's next look at the pool (every 250 ms). */
  async function setWaiting(value: number, refused: boolean) {
    waiting = value;
    await vi.waitFor(
      async () => {
        const status = (await t.get(`/api/v3/groups/${groupId}/calendars`)).status;
        expect(status === 503).toBe(refused);
      },
      { timeout: 5000, interval: 50 },
    );
  }

  it('serves normally while the queue stays at the threshold', async () => {
    waiting = MAX_WAITING;
    // A burst of reads at once: none refused.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => slots(t, groupId, slotQuery()).then((r) => r.status)),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await refusals()).toBe(0);
  });

  it('answers 503 serverBusy with Retry-After past it, books nothing, and keeps probes and metrics', async () => {
    await setWaiting(MAX_WAITING + 1, true);
    const before = (await refusals()) ?? 0;

    const list = await slots(t, groupId, slotQuery());
    expect(list.status).toBe(503);
    expect(list.headers['retry-after']).toBe(String(RETRY_AFTER));
    expect(list.body).toEqual({
      message: 'serverBusy',
      messages: { errors: ['serverBusy'] },
      retryAfter: RETRY_AFTER,
    });

    const booking = await book(
      t,
      {
        date: '2026-11-24T10:00:00+01:00',
        group_id: groupId,
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        fiche: newFiche('Léa'),
      },
      { key: 'overload-booking' },
    );
    expect([booking.status, booking.headers['retry-after'], booking.body.message]).toEqual([
      503,
      String(RETRY_AFTER),
      'serverBusy',
    ]);
    const stored = await t.ctx.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(0);

    // The legacy generation is part of the API too.
    const legacy = await t.app.inject({
      method: 'GET',
      url: `/api/v3/services/groups/test-salon.json?apikey=${TEST_API_KEY}`,
    });
    expect(legacy.statusCode).toBe(503);

    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    // The web app's pages are never refused: they are what shows "retrying" to the visitor.
    expect((await t.app.inject({ method: 'GET', url: '/test-salon' })).statusCode).not.toBe(503);

    expect(await refusals()).toBe(before + 3);
  });

  it('serves again once the queue drains', async () => {
    await setWaiting(0, false);
    expect((await slots(t, groupId, slotQuery())).status).toBe(200);
  });
});

describe.runIf(engines().includes('postgres'))('with a real PostgreSQL pool of one connection', () => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let groupId: number;

  beforeAll(async () => {
    handle = await createPostgresDatabase(1);
    t = await createTestApp(handle, {
      config: { overload: { maxEventLoopDelayMs: 0, maxDbWaiting: 2, retryAfterSeconds: RETRY_AFTER } },
    });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
  });
  afterAll(async () => {
    await t.app.close();
    await handle.close();
  });

  const calendars = () => t.get(`/api/v3/groups/${groupId}/calendars`);

  it('refuses new calls while queries queue for the connection, and serves the queued ones', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The only connection, taken by a transaction that waits for the test.
    const holding = t.ctx.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await held;
    });
    await vi.waitFor(() => expect(handle.poolStats!()).toMatchObject({ total: 1, idle: 0 }), {
      timeout: 5000,
      interval: 10,
    });
    const queued = Array.from({ length: 3 }, calendars);
    await vi.waitFor(() => expect(t.app.isUnderPressure()).toBe(true), { timeout: 5000, interval: 25 });

    const refused = await calendars();
    expect([refused.status, refused.headers['retry-after'], refused.body.message]).toEqual([
      503,
      String(RETRY_AFTER),
      'serverBusy',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);

    release();
    await holding;
    // Admitted before the pressure, they were served once the connection came back.
    expect((await Promise.all(queued)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    await vi.waitFor(() => expect(t.app.isUnderPressure()).toBe(false), { timeout: 5000, interval: 25 });
    expect((await calendars()).status).toBe(200);
  });
});
