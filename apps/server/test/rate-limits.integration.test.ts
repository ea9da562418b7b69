/**
 * Rate limits on every call that books or mails (docs/api.md "Rate limits"), through HTTP, with the
 * limits at their real values: the booking page is no mail relay for the public, while a
 * professional books for as many customers as a call centre needs. Refused calls answer 429 in the
 * API's error format with Retry-After and leave nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { LIMITS } from '../src/modules/security/attempt-limits.ts';
import { call, createAccount, loginAs } from './support/accounts.ts';
import { idsByExternid } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { engines, forEachDatabase } from './support/test-db.ts';

const HOUR = 3_600_000;

/** Hours every weekday of the sample calendar is open (Mondays close at lunch). */
const HOURS = [9, 10, 11, 14, 15, 16, 17];

/** The nth start of a weekday grid in Paris time, from Tuesday 24 November 2026 on. */
function nthSlot(n: number): string {
  const day = new Date(Date.UTC(2026, 10, 24));
  let weekdays = Math.floor(n / HOURS.length);
  while (weekdays > 0 || day.getUTCDay() === 0 || day.getUTCDay() === 6) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) weekdays--;
  }
  const hour = String(HOURS[n % HOURS.length]).padStart(2, '0');
  return `${day.toISOString().slice(0, 10)}T${hour}:00:00+01:00`;
}

function expectTooMany(answer: { status: number; body: any; headers: Record<string, unknown> }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.body.message).toBe('tooManyRequests');
  expect(answer.body.messages).toEqual({ errors: ['tooManyRequests'] });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(HOUR / 1000);
  expect(answer.body.retryAfter).toBe(retryAfter);
}

forEachDatabase('rate limits', (db) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  let slot = 0;

  beforeAll(async () => {
    t = await createTestApp(db(), { now: '2026-11-23T08:00:00Z', config: { rateLimitScale: 1 } });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
    id = await idsByExternid(t, groupId);
  });

  const bookingBody = (email: string) => ({
    appointment: {
      date: nthSlot(slot++),
      group_id: groupId,
      from_web: 1,
      intervention_ids: [id.cut],
      calendar_id: id.alice,
      fiche: { firstname: 'Anne', lastname: 'Relay', email },
      comments: 'Your account is locked, log in at https://evil.example',
    },
  });

  const rowsFor = async (email: string) => ({
    appointments: (
      await t.ctx.db
        .selectFrom('appointments')
        .innerJoin('fiches', 'fiches.id', 'appointments.fiche_id')
        .select('appointments.id')
        .where('fiches.email', '=', email)
        .execute()
    ).length,
    fiches: (await t.ctx.db.selectFrom('fiches').select('id').where('email', '=', email).execute()).length,
    mails: (await t.ctx.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute())
      .length,
  });

  it('50 guest bookings to one address from one client: cut off at the recipient limit', async () => {
    const victim = 'victim@example.com';
    const answers = [];
    for (let i = 0; i < 50; i++)
      answers.push(
        await call(t, 'POST', '/api/v3/appointments', { body: bookingBody(victim), ip: '203.0.113.7' }),
      );
    const booked = answers.filter((a) => a.status === 201);
    expect(booked).toHaveLength(LIMITS.bookingMailsPerRecipient.max);
    for (const refused of answers.slice(LIMITS.bookingMailsPerRecipient.max)) expectTooMany(refused);
    // A refused booking writes nothing: no appointment, no record, no mail.
    expect(await rowsFor(victim)).toEqual({
      appointments: booked.length,
      fiches: booked.length,
      mails: booked.length,
    });
    // The mails carry the booker's comment as plain text, never as a link.
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', victim)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('evil[.]example');
    expect(`${mail.text_body}${mail.html_body}`).not.toContain('evil.example');
  });

  it('one client booking for many addresses: cut off at the client address limit', async () => {
    const ip = '198.51.100.23';
    const answers = [];
    for (let i = 0; i < 30; i++)
      answers.push(
        await call(t, 'POST', '/api/v3/appointments', { body: bookingBody(`spread${i}@example.com`), ip }),
      );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIMITS.bookingsPerAddress.max);
    for (const refused of answers.slice(LIMITS.bookingsPerAddress.max)) expectTooMany(refused);
    // Another client is not affected, and an hour later the first may book again.
    expect(
      (
        await call(t, 'POST', '/api/v3/appointments', {
          body: bookingBody('other@example.com'),
          ip: '192.0.2.1',
        })
      ).status,
    ).toBe(201);
    t.clock.advance(HOUR);
    expect(
      (await call(t, 'POST', '/api/v3/appointments', { body: bookingBody('later@example.com'), ip })).status,
    ).toBe(201);
  });

  it('addresses of one IPv6 /64 share a counter', async () => {
    t.clock.advance(HOUR);
    const answers = [];
    for (let i = 0; i < LIMITS.bookingsPerAddress.max + 1; i++)
      answers.push(
        await call(t, 'POST', '/api/v3/appointments', {
          body: bookingBody(`v6-${i}@example.com`),
          ip: `2001:db8:1:2::${(i + 1).toString(16)}`,
        }),
      );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIMITS.bookingsPerAddress.max);
    expectTooMany(answers.at(-1)!);
  });

  it('a professional books 50 customers from the exhausted address, and the same customer more often', async () => {
    t.clock.advance(HOUR);
    const ip = '198.51.100.99';
    for (let i = 0; i < LIMITS.bookingsPerAddress.max; i++)
      await call(t, 'POST', '/api/v3/appointments', { body: bookingBody(`public${i}@example.com`), ip });
    expectTooMany(
      await call(t, 'POST', '/api/v3/appointments', { body: bookingBody('public-x@example.com'), ip }),
    );
    await createAccount(t.ctx.db, { email: 'desk@example.com', role: 'pro', proGroups: [groupId] });
    const token = await loginAs(t, 'desk@example.com', undefined, groupId);
    const statuses = [];
    for (let i = 0; i < 50; i++)
      statuses.push(
        (
          await call(t, 'POST', '/api/v3/appointments', {
            body: bookingBody(`customer${i}@example.com`),
            ip,
            token,
          })
        ).status,
      );
    expect(statuses).toEqual(statuses.map(() => 201));
    // One customer booked by phone more often than the public limit for one address allows.
    for (let i = 0; i < LIMITS.bookingMailsPerRecipient.max + 2; i++) {
      const answer = await call(t, 'POST', '/api/v3/appointments', {
        body: bookingBody('regular@example.com'),
        ip,
        token,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
  });

  it('registration mails to one address are limited whoever asks, with Retry-After', async () => {
    t.clock.advance(HOUR);
    const answers = [];
    for (let i = 0; i < LIMITS.accountMailsPerRecipient.max + 2; i++)
      answers.push(
        await call(t, 'POST', '/api/v3/accounts.json', {
          body: { account: { group_id: groupId, email: 'target@example.com' } },
          ip: `192.0.2.${10 + i}`,
        }),
      );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIMITS.accountMailsPerRecipient.max);
    for (const refused of answers.slice(LIMITS.accountMailsPerRecipient.max)) expectTooMany(refused);
    const mails = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'target@example.com')
      .execute();
    expect(mails).toHaveLength(LIMITS.accountMailsPerRecipient.max);
  });

  it('reset requests are limited alike for known and unknown addresses (the answer reveals nothing)', async () => {
    t.clock.advance(HOUR);
    await createAccount(t.ctx.db, { email: 'known@example.com' });
    for (const email of ['known@example.com', 'nobody@example.com']) {
      const answers = [];
      for (let i = 0; i < LIMITS.accountMailsPerRecipient.max + 1; i++)
        answers.push(
          await call(t, 'POST', '/api/v3/accounts/forgotPassword.json', {
            body: { account: { group_id: groupId, email } },
            ip: `192.0.2.${100 + i}`,
          }),
        );
      expect(answers.map((a) => a.status)).toEqual([
        ...Array(LIMITS.accountMailsPerRecipient.max).fill(200),
        429,
      ]);
      expectTooMany(answers.at(-1)!);
    }
  });

  it('reset requests from one client address are limited across recipients', async () => {
    t.clock.advance(HOUR);
    const answers = [];
    for (let i = 0; i < LIMITS.resetPerAddress.max + 1; i++)
      answers.push(
        await call(t, 'POST', '/api/v3/accounts/forgotPassword.json', {
          body: { account: { group_id: groupId, email: `someone${i}@example.com` } },
          ip: '203.0.113.200',
        }),
      );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMITS.resetPerAddress.max);
    expectTooMany(answers.at(-1)!);
  });
});

describe('rate limits behind a proxy [pglite]', () => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const { createPgliteDatabase } = await import('./support/test-db.ts');
    const handle = await createPgliteDatabase();
    const previous = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = 'true';
    try {
      t = await createTestApp(handle, { config: { rateLimitScale: 1 } });
    } finally {
      if (previous === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = previous;
    }
    close = async () => {
      await t.app.close();
      await handle.close();
    };
  });
  afterAll(async () => close?.());

  it('counts the address the proxy appended, whatever the client put in front of it', async () => {
    const groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
    const id = await idsByExternid(t, groupId);
    const statuses = [];
    for (let i = 0; i < LIMITS.bookingsPerAddress.max + 2; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v3/appointments?apikey=${TEST_API_KEY}`,
        remoteAddress: '10.0.0.2',
        // A new made-up address on each call, then the real one the proxy appended.
        headers: { 'x-forwarded-for': `198.18.0.${i + 1}, 203.0.113.77` },
        payload: {
          appointment: {
            date: nthSlot(i),
            group_id: groupId,
            intervention_ids: [id.cut],
            calendar_id: id.alice,
            fiche: { firstname: 'Behind', lastname: 'Proxy', email: `proxy${i}@example.com` },
          },
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.bookingsPerAddress.max);
    expect(statuses.slice(LIMITS.bookingsPerAddress.max)).toEqual([429, 429]);
  });
});

describe.runIf(engines().includes('postgres'))('rate limits across server processes [postgres]', () => {
  let apps: TestApp[] = [];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const { createPostgresDatabase } = await import('./support/test-db.ts');
    const handle = await createPostgresDatabase();
    // Two servers on one database, as behind a load balancer: one counter between them.
    apps = [
      await createTestApp(handle, { config: { rateLimitScale: 1 } }),
      await createTestApp(handle, { config: { rateLimitScale: 1 } }),
    ];
    close = async () => {
      for (const app of apps) await app.app.close();
      await handle.close();
    };
  });
  afterAll(async () => close?.());

  it('bookings alternating between two servers share one client limit', async () => {
    const groupId = (await importGroupConfig(apps[0]!.ctx.db, sampleGroup())).id;
    const id = await idsByExternid(apps[0]!, groupId);
    const statuses = [];
    for (let i = 0; i < LIMITS.bookingsPerAddress.max + 4; i++) {
      const answer = await call(apps[i % 2]!, 'POST', '/api/v3/appointments', {
        ip: '203.0.113.50',
        body: {
          appointment: {
            date: nthSlot(i),
            group_id: groupId,
            intervention_ids: [id.cut],
            calendar_id: id.alice,
            fiche: { firstname: 'Two', lastname: 'Servers', email: `two${i}@example.com` },
          },
        },
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.bookingsPerAddress.max);
    expect(statuses.slice(LIMITS.bookingsPerAddress.max)).toEqual([429, 429, 429, 429]);
  });
});
