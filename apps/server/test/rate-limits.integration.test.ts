/**
 * Rate limits on every call that books or mails (docs/api.md "Rate limits"), through HTTP, with the
 * limits at their real values: the booking page is no mail relay for the public, hundreds of people
 * behind one address all book while one of them hammering is stopped, a flood from one address
 * meets the ceiling, and a professional books for as many customers as a call centre needs. Refused
 * calls answer 429 in the API's error format with Retry-After and leave nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { LIMITS } from '../src/modules/security/attempt-limits.ts';
import { MAX_OPEN_ENTRIES } from '../src/modules/waitlist/waitlist.service.ts';
import { call, createAccount, loginAs } from './support/accounts.ts';
import { idsByExternid } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { engines, forEachDatabase } from './support/test-db.ts';

const HOUR = 3_600_000;
const FLOOD_TIMEOUT_MS = 240_000;

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

/** The answers of n calls made one after another. */
async function inTurn<T>(n: number, attempt: (i: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let i = 0; i < n; i++) answers.push(await attempt(i));
  return answers;
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

  /** A public booking for someone known by these contact fields. */
  const bookingFor = (contact: { email: string } | { firstphone: string }, date = nthSlot(slot++)) => ({
    appointment: {
      date,
      group_id: groupId,
      from_web: 1,
      intervention_ids: [id.cut],
      calendar_id: id.alice,
      fiche: { firstname: 'Anne', lastname: 'Relay', ...contact },
      comments: 'Your account is locked, log in at https://evil.example',
    },
  });
  const bookingBody = (email: string) => bookingFor({ email });
  const book = (body: unknown, ip: string) => call(t, 'POST', '/api/v3/appointments', { body, ip });
  /** A booking for someone known only by a phone number: it mails nobody, so no recipient limit applies. */
  const phoneBookingBody = (firstphone: string) => bookingFor({ firstphone });

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

  it('50 guest bookings to one address, each from another client: cut off at the recipient limit', async () => {
    const victim = 'victim@example.com';
    const answers = await inTurn(50, (i) => book(bookingBody(victim), `203.0.113.${i + 1}`));
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

  it('one person booking again and again from one client is stopped by their own limit; the others behind it are not', async () => {
    t.clock.advance(HOUR);
    const ip = '198.51.100.23';
    const hammer = 'hammer@example.com';
    // The same person however the e-mail is spelt (docs/booking.md "Who is the same person").
    const answers = await inTurn(LIMITS.bookingsPerAddressAndPerson.max + 4, (i) =>
      book(bookingBody(i % 2 ? hammer : ' Hammer@Example.COM'), ip),
    );
    const booked = answers.filter((a) => a.status === 201);
    // Fewer than the recipient limit allows: this is the person's own limit.
    expect(LIMITS.bookingsPerAddressAndPerson.max).toBeLessThan(LIMITS.bookingMailsPerRecipient.max);
    expect(booked).toHaveLength(LIMITS.bookingsPerAddressAndPerson.max);
    for (const refused of answers.slice(LIMITS.bookingsPerAddressAndPerson.max)) expectTooMany(refused);
    const written = await t.ctx.db
      .selectFrom('appointments')
      .innerJoin('fiches', 'fiches.id', 'appointments.fiche_id')
      .select('appointments.id')
      .where('fiches.email_key', '=', hammer)
      .execute();
    expect(written).toHaveLength(booked.length);
    // Someone else at the same address books at once.
    expect(
      (await call(t, 'POST', '/api/v3/appointments', { body: bookingBody('neighbour@example.com'), ip }))
        .status,
    ).toBe(201);
  });

  it('a hundred different people behind one client address all book', async () => {
    t.clock.advance(HOUR);
    // Most give an e-mail address, some only a phone number.
    const answers = await inTurn(100, (i) =>
      book(
        i % 4 === 3
          ? phoneBookingBody(`06 10 20 30 ${String(i).padStart(2, '0')}`)
          : bookingBody(`citizen${i}@example.com`),
        '192.0.2.80',
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses).toEqual(statuses.map(() => 201));
  });

  it(
    'a flood of made-up people from one client stops at the address ceiling; a professional there still books',
    async () => {
      t.clock.advance(HOUR);
      const ip = '198.51.100.99';
      // Every flooded booking wants the same start: each is counted, whatever becomes of it.
      const start = nthSlot(slot++);
      const flood = (i: number) =>
        call(t, 'POST', '/api/v3/appointments', {
          body: bookingFor({ email: `flood${i}@example.com` }, start),
          ip,
        });
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.bookingsPerAddress.max; i++) statuses.push((await flood(i)).status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 429)).toEqual([]);
      expectTooMany(await flood(LIMITS.bookingsPerAddress.max));
      // The next person behind that address is refused too until the window ends…
      expectTooMany(
        await call(t, 'POST', '/api/v3/appointments', { body: bookingBody('late@example.com'), ip }),
      );
      // …while another client is not affected.
      expect(
        (
          await call(t, 'POST', '/api/v3/appointments', {
            body: bookingBody('other@example.com'),
            ip: '192.0.2.1',
          })
        ).status,
      ).toBe(201);
      // A professional is counted per account: 50 customers from the flooded address.
      await createAccount(t.ctx.db, { email: 'desk@example.com', role: 'pro', proGroups: [groupId] });
      const token = await loginAs(t, 'desk@example.com', undefined, groupId);
      const proStatuses = [];
      for (let i = 0; i < 50; i++)
        proStatuses.push(
          (
            await call(t, 'POST', '/api/v3/appointments', {
              body: bookingBody(`customer${i}@example.com`),
              ip,
              token,
            })
          ).status,
        );
      expect(proStatuses).toEqual(proStatuses.map(() => 201));
      // One customer booked by phone more often than the public limits for one person allow.
      for (let i = 0; i < LIMITS.bookingMailsPerRecipient.max + 2; i++) {
        const answer = await call(t, 'POST', '/api/v3/appointments', {
          body: bookingBody('regular@example.com'),
          ip,
          token,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      }
      // An hour later the address books again.
      t.clock.advance(HOUR);
      expect(
        (await call(t, 'POST', '/api/v3/appointments', { body: bookingBody('later@example.com'), ip }))
          .status,
      ).toBe(201);
    },
    // Six hundred bookings one after another: some twenty seconds on an idle machine.
    FLOOD_TIMEOUT_MS,
  );

  it('one person is limited across client addresses too', async () => {
    t.clock.advance(HOUR);
    const phone = '06 98 76 54 32';
    // Each call from another address, the number spelt another way.
    const answers = await inTurn(LIMITS.bookingsPerPerson.max + 2, (i) =>
      book(phoneBookingBody(i % 2 ? phone : '+33 6 98 76 54 32'), `198.18.1.${i + 1}`),
    );
    expect(answers[0]!.status, JSON.stringify(answers[0]!.body)).toBe(201);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIMITS.bookingsPerPerson.max);
    for (const refused of answers.slice(LIMITS.bookingsPerPerson.max)) expectTooMany(refused);
  });

  it('addresses of one IPv6 /64 share a counter', async () => {
    t.clock.advance(HOUR);
    const answers = await inTurn(LIMITS.bookingsPerAddressAndPerson.max + 1, (i) =>
      book(phoneBookingBody('06 11 22 33 44'), `2001:db8:1:2::${(i + 1).toString(16)}`),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIMITS.bookingsPerAddressAndPerson.max);
    expectTooMany(answers.at(-1)!);
    // Another /64 is another client address.
    expect(
      (
        await call(t, 'POST', '/api/v3/appointments', {
          body: phoneBookingBody('06 11 22 33 44'),
          ip: '2001:db8:1:3::1',
        })
      ).status,
    ).toBe(201);
  });

  it('waiting-list joins: many people behind one address join; one e-mail from one address is stopped', async () => {
    t.clock.advance(HOUR);
    const ip = '192.0.2.90';
    const join = (email: string) =>
      call(t, 'POST', `/api/v3/groups/${groupId}/waitlist`, {
        body: {
          intervention_id: id.cut,
          from: '2026-12-01',
          to: '2026-12-02',
          email,
          firstname: 'Wait',
          lastname: 'Ing',
          locale: 'fr',
        },
        ip,
      });
    // More people than the old limit of twenty per address.
    const people = await inTurn(30, (i) => join(`queue${i}@example.com`));
    expect(people.map((a) => a.status)).toEqual(people.map(() => 201));
    // One e-mail again and again: its open entries are capped first, and every try is counted.
    const again = await inTurn(LIMITS.waitlistPerAddressAndEmail.max + 1, () => join('again@example.com'));
    expect(again.filter((a) => a.status === 201)).toHaveLength(MAX_OPEN_ENTRIES);
    expect(again.slice(MAX_OPEN_ENTRIES, -1).map((a) => a.body.message)).toEqual(
      Array(LIMITS.waitlistPerAddressAndEmail.max - MAX_OPEN_ENTRIES).fill('waitlistTooManyEntries'),
    );
    expectTooMany(again.at(-1)!);
    // The others behind the address still join.
    expect((await join('queue-late@example.com')).status).toBe(201);
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

  it('reset requests for many people from one client address all go out, up to the address ceiling', async () => {
    t.clock.advance(HOUR);
    // Sent together: every answer takes the same minimum time, which one after another would add up.
    const answers = await Promise.all(
      Array.from({ length: LIMITS.resetPerAddress.max + 1 }, (_, i) =>
        call(t, 'POST', '/api/v3/accounts/forgotPassword.json', {
          body: { account: { group_id: groupId, email: `someone${i}@example.com` } },
          ip: '203.0.113.200',
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMITS.resetPerAddress.max);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(1);
    expectTooMany(refused[0]!);
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

  let groupId: number;
  let id: Record<string, number>;
  let slot = 0;

  /** A booking through the proxy, which appended `client` to what the caller's header said. */
  const viaProxy = (email: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v3/appointments?apikey=${TEST_API_KEY}`,
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        appointment: {
          date: nthSlot(slot++),
          group_id: groupId,
          intervention_ids: [id.cut],
          calendar_id: id.alice,
          fiche: { firstname: 'Behind', lastname: 'Proxy', email },
        },
      },
    });

  it('a hundred people behind one address the proxy names all book', async () => {
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
    id = await idsByExternid(t, groupId);
    const statuses = [];
    for (let i = 0; i < 100; i++)
      statuses.push((await viaProxy(`hall${i}@example.com`, '203.0.113.80')).statusCode);
    expect(statuses).toEqual(statuses.map(() => 201));
  });

  it('counts the address the proxy appended, whatever the client put in front of it', async () => {
    const statuses = [];
    for (let i = 0; i < LIMITS.bookingsPerAddressAndPerson.max + 2; i++)
      // A new made-up address on each call, then the real one the proxy appended.
      statuses.push((await viaProxy('same@example.com', `198.18.0.${i + 1}, 203.0.113.77`)).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.bookingsPerAddressAndPerson.max);
    expect(statuses.slice(LIMITS.bookingsPerAddressAndPerson.max)).toEqual([429, 429]);
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

  it('bookings of one person alternating between two servers share one limit', async () => {
    const groupId = (await importGroupConfig(apps[0]!.ctx.db, sampleGroup())).id;
    const id = await idsByExternid(apps[0]!, groupId);
    const statuses = [];
    for (let i = 0; i < LIMITS.bookingsPerAddressAndPerson.max + 4; i++) {
      const answer = await call(apps[i % 2]!, 'POST', '/api/v3/appointments', {
        ip: '203.0.113.50',
        body: {
          appointment: {
            date: nthSlot(i),
            group_id: groupId,
            intervention_ids: [id.cut],
            calendar_id: id.alice,
            fiche: { firstname: 'Two', lastname: 'Servers', email: 'two@example.com' },
          },
        },
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.bookingsPerAddressAndPerson.max);
    expect(statuses.slice(LIMITS.bookingsPerAddressAndPerson.max)).toEqual([429, 429, 429, 429]);
  });
});
