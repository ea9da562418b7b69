/**
 * While the database cannot take queries (down, restarting, failing over), every call answers 503
 * serviceUnavailable with Retry-After, never a 500 (docs/operations.md "When the database is away").
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../src/http/database-unavailable.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { book, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { adminUrl } from './support/postgres-urls.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { createPostgresDatabase, engines } from './support/test-db.ts';

const unavailable = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(response.json()).toMatchObject({ message: 'serviceUnavailable' });
};

describe('the database classifier', () => {
  it('knows a lost or refused connection and a read-only standby from a wrong request', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '25006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })])),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: '57P03' } }))).toBe(true);
    // A constraint, a syntax error, a plain bug: real errors, not an outage.
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
  });
});

describe('with no database listening', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) has no PostgreSQL: every connection is refused.
    t = await createTestApp(
      await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:9/none', poolSize: 1 }),
    );
  });
  afterAll(async () => {
    await t.app.close();
    await t.ctx.db.destroy().catch(() => {});
  });

  it('answers 503 with Retry-After to reads, logins and bookings, and readiness says so', async () => {
    const key = `apikey=${TEST_API_KEY}`;
    unavailable(await t.app.inject({ method: 'GET', url: `/api/v3/services/groups/test-salon.json?${key}` }));
    unavailable(
      await t.app.inject({
        method: 'POST',
        url: `/api/v3/sessions/login.json?${key}`,
        payload: { credentials: { email: 'someone@example.com', password: 'Some-password-1' } },
      }),
    );
    const booking = await book(t, {
      group_id: 1,
      date: '2026-12-01T10:00:00+01:00',
      intervention_ids: [1],
      calendar_id: 1,
      fiche: newFiche('Léa'),
    });
    expect([booking.status, booking.headers['retry-after'], booking.body.message]).toEqual([
      503,
      String(DATABASE_RETRY_AFTER_SECONDS),
      'serviceUnavailable',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);
  });
});

describe.runIf(engines().includes('postgres'))('when PostgreSQL turns read-only under the server', () => {
  let t: TestApp;
  let database: string;
  beforeAll(async () => {
    t = await createTestApp(await createPostgresDatabase(2));
    await importGroupConfig(t.ctx.db, sampleGroup());
    const row = await t.ctx.db
      .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
      .executeTakeFirstOrThrow();
    database = row.name;
  });
  afterAll(async () => {
    await t.app.close();
  });

  /** Sets the database read-only or back, and drops the server's connections so new ones see it. */
  async function readOnly(on: boolean) {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query(
        on
          ? `alter database ${database} set default_transaction_read_only = on`
          : `alter database ${database} reset default_transaction_read_only`,
      );
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
    } finally {
      await admin.end();
    }
  }

  const failedLogin = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/v3/sessions/login.json?apikey=${TEST_API_KEY}`,
      payload: { credentials: { email: 'nobody@example.com', password: 'Some-password-1' } },
    });

  it('answers 503 to a write while it reaches a standby (a failover under way), then serves again', async () => {
    expect((await failedLogin()).statusCode).toBe(401);
    // A failed login records the attempt: a write, which a demoted primary or a standby refuses.
    await readOnly(true);
    try {
      unavailable(await failedLogin());
    } finally {
      await readOnly(false);
    }
    // The pool may still hold connections PostgreSQL ended (one per pool place, two here): a request
    // that meets one answers 503 as above while the pool drops it; then the server serves again.
    let answer = await failedLogin();
    for (let attempt = 0; answer.statusCode !== 401 && attempt < 4; attempt++) {
      unavailable(answer);
      answer = await failedLogin();
    }
    expect(answer.statusCode).toBe(401);
  });
});
