/**
 * E-mail links do what they were sent for and nothing else (docs/customer-area.md "E-mail links"),
 * through HTTP on both engines: a matrix of every kind of link against every action it must not
 * allow, then reuse and expiry. A booking mail's links (manage, cancel, export) open a session for
 * their own booking and their kind's actions; account links (activation, reset, e-mail change) are
 * single-use, short-lived, and good for nothing but their purpose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, type JsonResponse, latestMailTo, STRONG_PASSWORD } from './support/accounts.ts';
import { book, idsByExternid } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const HOUR = 3_600_000;
type LinkKind = 'manage' | 'cancel' | 'export';

forEachDatabase('e-mail links', (db) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(db(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
    id = await idsByExternid(t, groupId);
  });
  afterAll(async () => {
    await t?.app.close();
  });

  /** Every link of the newest mail to `email`, by kind (the manage link is the one without an action). */
  async function bookingMailLinks(email: string): Promise<Record<LinkKind, string>> {
    const mail = await latestMailTo(t.ctx.db, email);
    const urls = [...mail!.text_body.matchAll(/https?:\/\/\S+ficheKey=\S+/g)].map((m) => new URL(m[0]));
    const keyOf = (test: (u: URL) => boolean) => urls.find(test)!.searchParams.get('ficheKey')!;
    return {
      manage: keyOf((u) => !u.searchParams.has('cancel_apt') && !u.searchParams.has('export_apt')),
      cancel: keyOf((u) => u.searchParams.has('cancel_apt')),
      export: keyOf((u) => u.searchParams.has('export_apt')),
    };
  }

  const loginWithKey = (ficheKey: string) =>
    call(t, 'POST', '/api/v3/sessions/login.json', { body: { account: { ficheKey, group_id: groupId } } });

  /** Weekdays from 1 December 2026 on, one per customer, so that bookings never meet. */
  let bookingDays = 0;
  function nextWeekday(): string {
    const day = new Date(Date.UTC(2026, 11, 1 + bookingDays++));
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) {
      day.setUTCDate(day.getUTCDate() + 1);
      bookingDays++;
    }
    return day.toISOString().slice(0, 10);
  }

  /** A customer with two bookings on one day; the links of the first one's mail. */
  async function customerWithTwoBookings() {
    serial++;
    const day = nextWeekday();
    const email = `links${serial}@example.com`;
    const first = await book(t, {
      date: `${day}T10:00:00+01:00`,
      group_id: groupId,
      fiche: { firstname: 'Lina', lastname: `Links${serial}`, email },
      intervention_ids: [id.cut],
      calendar_id: id.alice,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const links = await bookingMailLinks(email);
    const ficheId: number = first.body.records[0].fiche_id;
    const second = await book(
      t,
      {
        date: `${day}T15:00:00+01:00`,
        group_id: groupId,
        fiche: ficheId,
        intervention_ids: [id.cut],
        calendar_id: id.alice,
      },
      { token: first.body.fiche_token },
    );
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    return {
      email,
      ficheId,
      own: first.body.records[0].id as number,
      other: second.body.records[0].id as number,
      links,
    };
  }

  const ics = async (token: string, aptId: number): Promise<JsonResponse> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v3/groups/${groupId}/appointments/${aptId}.ics?apikey=${TEST_API_KEY}&token=${token}`,
    });
    const json = String(response.headers['content-type']).includes('json');
    return {
      status: response.statusCode,
      body: json ? response.json() : response.body,
      headers: response.headers,
    };
  };
  const cancel = (token: string, aptId: number) =>
    call(t, 'POST', `/api/v3/groups/${groupId}/appointments/batch_delete`, {
      token,
      body: { appointments: [{ id: aptId }] },
    });

  type Setup = Awaited<ReturnType<typeof customerWithTwoBookings>>;
  /** Everything a booking link's session must never do, whatever its kind. */
  const forbiddenForEveryLink: Record<string, (token: string, s: Setup) => Promise<JsonResponse>> = {
    'book for its record': (token, s) =>
      book(
        t,
        {
          date: '2027-02-15T10:00:00+01:00',
          group_id: groupId,
          fiche: s.ficheId,
          intervention_ids: [id.cut],
          calendar_id: id.alice,
        },
        { token },
      ),
    'book for a new record': (token) =>
      book(
        t,
        {
          date: '2027-02-15T11:00:00+01:00',
          group_id: groupId,
          fiche: { firstname: 'New', lastname: 'Person', email: 'new.person@example.com' },
          intervention_ids: [id.cut],
          calendar_id: id.alice,
        },
        { token },
      ),
    'rename its record': (token, s) =>
      call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${s.ficheId}`, {
        token,
        body: { fiche: { firstname: 'Renamed', lastname: 'Person' } },
      }),
    'create a record': (token) =>
      call(t, 'POST', `/api/v3/groups/${groupId}/fiches`, {
        token,
        body: { fiche: { firstname: 'Second', lastname: 'Person' } },
      }),
    'move its appointment': (token, s) =>
      call(t, 'PUT', `/api/v3/appointments/${s.own}?group_id=${groupId}`, {
        token,
        body: { appointment: { date: '2027-02-16T10:00:00+01:00' } },
      }),
    'book through the legacy API': (token, s) =>
      call(t, 'POST', `/api/groups/${groupId}/appointments.json`, {
        token,
        body: {
          appointment: {
            date: '2027-02-15T12:00:00+01:00',
            fiche: s.ficheId,
            intervention_ids: [id.cut],
            calendar_id: id.alice,
          },
        },
      }),
    'cancel another booking of its record': (token, s) => cancel(token, s.other),
    'export another booking of its record': (token, s) => ics(token, s.other),
  };
  const forbiddenByKind: Record<
    LinkKind,
    Record<string, (token: string, s: Setup) => Promise<JsonResponse>>
  > = {
    manage: {},
    cancel: { 'export its appointment': (token, s) => ics(token, s.own) },
    export: { 'cancel its appointment': (token, s) => cancel(token, s.own) },
  };

  for (const kind of ['manage', 'cancel', 'export'] as const) {
    describe(`a ${kind} link`, () => {
      let s: Setup;
      let token: string;
      beforeAll(async () => {
        s = await customerWithTwoBookings();
        const login = await loginWithKey(s.links[kind]);
        expect(login.status, JSON.stringify(login.body)).toBe(200);
        token = login.body.fiche_token;
      });

      for (const [action, attempt] of Object.entries({
        ...forbiddenForEveryLink,
        ...forbiddenByKind[kind],
      })) {
        it(`may not ${action}`, async () => {
          const before = await snapshot();
          const answer = await attempt(token, s);
          // The legacy generation answers a list of {errorCode, error}; v3 an object with message.
          const key = Array.isArray(answer.body) ? answer.body[0]?.error : answer.body.message;
          expect([answer.status, key], JSON.stringify(answer.body)).toEqual([403, 'linkScope']);
          expect(await snapshot()).toEqual(before);
        });
      }

      it('sees its own booking only', async () => {
        const list = await call(t, 'GET', `/api/v3/appointments?group_id=${groupId}`, { token });
        expect(list.status).toBe(200);
        const ids = JSON.stringify(list.body);
        expect(ids).toContain(`"id":${s.own}`);
        expect(ids).not.toContain(`"id":${s.other}`);
      });

      it('does what it was sent for', async () => {
        if (kind !== 'cancel') expect((await ics(token, s.own)).status).toBe(200);
        if (kind !== 'export') {
          const done = await cancel(token, s.own);
          expect([done.status, done.body.message]).toEqual([200, 'appointmentCanceled']);
        }
      });
    });
  }

  it('a cancel link cancels through the legacy API too', async () => {
    const s = await customerWithTwoBookings();
    const token = (await loginWithKey(s.links.cancel)).body.fiche_token;
    const other = await call(t, 'POST', `/api/groups/${groupId}/appointments/batch_delete.json`, {
      token,
      body: { appointments: [{ id: s.other }] },
    });
    expect(other.status).toBe(403);
    const own = await call(t, 'POST', `/api/groups/${groupId}/appointments/batch_delete.json`, {
      token,
      body: { appointments: [{ id: s.own }] },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  /** What a refused call must leave unchanged: every appointment, record and session-less write. */
  async function snapshot() {
    const [appointments, fiches] = await Promise.all([
      t.ctx.db.selectFrom('appointments').select(['id', 'status', 'starts_at']).orderBy('id').execute(),
      t.ctx.db.selectFrom('fiches').select(['id', 'firstname', 'lastname']).orderBy('id').execute(),
    ]);
    return { appointments, fiches };
  }

  describe('booking links: reuse and lifetime', () => {
    it('work again and again until the booking is over, then open nothing', async () => {
      const s = await customerWithTwoBookings();
      const row = await t.ctx.db
        .selectFrom('appointments')
        .select('ends_at')
        .where('id', '=', s.own)
        .executeTakeFirstOrThrow();
      const saved = t.clock.now();
      try {
        for (const kind of ['manage', 'cancel', 'export'] as const) {
          expect((await loginWithKey(s.links[kind])).status).toBe(200);
          expect((await loginWithKey(s.links[kind])).status).toBe(200);
        }
        t.clock.set(new Date(row.ends_at.getTime() - 1000));
        expect((await loginWithKey(s.links.manage)).status).toBe(200);
        t.clock.set(row.ends_at);
        for (const kind of ['manage', 'cancel', 'export'] as const) {
          const late = await loginWithKey(s.links[kind]);
          expect([late.status, late.body.errors[0].translate_key]).toEqual([401, 'invalidLink']);
        }
      } finally {
        t.clock.set(saved);
      }
    });

    it('a session from a link cannot change the password or the e-mail of any account', async () => {
      const s = await customerWithTwoBookings();
      const accountId = await createAccount(t.ctx.db, { email: `owner${serial}@example.com` });
      const token = (await loginWithKey(s.links.manage)).body.fiche_token;
      const password = await call(t, 'PUT', `/api/v3/accounts/${accountId}.json`, {
        token,
        body: { account: { password: 'Taken-Over-2026!', current_password: STRONG_PASSWORD } },
      });
      expect(password.status).toBeGreaterThanOrEqual(401);
      expect(password.status).toBeLessThan(404);
      const email = await call(t, 'PUT', `/api/v3/accounts/${accountId}/email.json`, {
        token,
        body: { account: { group_id: groupId, temp_email: 'thief@example.com' } },
      });
      expect([email.status, email.body.message]).toEqual([403, 'linkScope']);
    });
  });

  describe('account links', () => {
    const keyFromMail = async (email: string, param: string) =>
      (await latestMailTo(t.ctx.db, email))!.link!.searchParams.get(param)!;
    const setPassword = (accountId: number, key: Record<string, string>) =>
      call(t, 'PUT', `/api/v3/accounts/${accountId}.json`, {
        body: { account: { password: `Fresh-Pass-${serial++}!x`, ...key } },
      });

    async function registered() {
      serial++;
      const email = `register${serial}@example.com`;
      const answer = await call(t, 'POST', '/api/v3/accounts.json', {
        body: { account: { group_id: groupId, email } },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return {
        email,
        accountId: answer.body.account.id as number,
        key: await keyFromMail(email, 'validation_key'),
      };
    }
    async function resetRequested() {
      serial++;
      const email = `reset${serial}@example.com`;
      const accountId = await createAccount(t.ctx.db, { email });
      await call(t, 'POST', '/api/v3/accounts/forgotPassword.json', {
        body: { account: { group_id: groupId, email } },
      });
      return { email, accountId, key: await keyFromMail(email, 'oubliKey') };
    }

    it('an activation link works once, only as an activation link, for 24 hours', async () => {
      const a = await registered();
      expect((await loginWithKey(a.key)).status).toBe(401);
      expect((await setPassword(a.accountId, { oubliKey: a.key })).body.message).toBe('invalidLink');
      expect((await setPassword(a.accountId, { validation_key: a.key })).status).toBe(200);
      expect((await setPassword(a.accountId, { validation_key: a.key })).body.message).toBe('invalidLink');

      const late = await registered();
      const saved = t.clock.now();
      t.clock.advance(24 * HOUR - 1000);
      const stillValid = await registered();
      t.clock.advance(1000);
      expect((await setPassword(late.accountId, { validation_key: late.key })).body.message).toBe(
        'invalidLink',
      );
      expect((await setPassword(stillValid.accountId, { validation_key: stillValid.key })).status).toBe(200);
      t.clock.set(saved);
    });

    it('a reset link works once, only as a reset link, for one hour', async () => {
      const r = await resetRequested();
      expect((await loginWithKey(r.key)).status).toBe(401);
      expect((await setPassword(r.accountId, { validation_key: r.key })).body.message).toBe('invalidLink');
      expect((await setPassword(r.accountId, { oubliKey: r.key })).status).toBe(200);
      expect((await setPassword(r.accountId, { oubliKey: r.key })).body.message).toBe('invalidLink');

      const late = await resetRequested();
      const saved = t.clock.now();
      t.clock.advance(HOUR);
      expect((await setPassword(late.accountId, { oubliKey: late.key })).body.message).toBe('invalidLink');
      t.clock.set(saved);
    });

    it('a link for one account does nothing for another', async () => {
      const a = await registered();
      const r = await resetRequested();
      expect((await setPassword(r.accountId, { validation_key: a.key })).body.message).toBe('invalidLink');
      expect((await setPassword(a.accountId, { oubliKey: r.key })).body.message).toBe('invalidLink');
    });

    it('a booking link is no account link', async () => {
      const s = await customerWithTwoBookings();
      const r = await resetRequested();
      expect((await setPassword(r.accountId, { oubliKey: s.links.manage })).body.message).toBe('invalidLink');
      expect((await setPassword(r.accountId, { validation_key: s.links.cancel })).body.message).toBe(
        'invalidLink',
      );
    });
  });
});
