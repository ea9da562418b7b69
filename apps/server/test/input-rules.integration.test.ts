/**
 * Each finding behind the input rules (docs/api.md "Input rules"), through HTTP on both databases:
 * NUL in every text field that used to answer 500, booking dates in year 9999 and 0001 and beyond
 * the group's horizon, line breaks and bidirectional overrides in names, router refusals in the
 * API's error format — each refused with a 4xx and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { fingerprint, fingerprintedTables } from './support/db-fingerprint.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('input rules', (database) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  let customer: string;
  let pro: string;
  let ficheId: number;
  let tables: string[];

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris; the group books 90 days ahead.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup() as any)).id;
    id = await idsByExternid(t, groupId);
    await createAccount(t.ctx.db, { email: 'input.customer@example.com' });
    await createAccount(t.ctx.db, { email: 'input.pro@example.com', role: 'pro', proGroups: [groupId] });
    customer = await loginAs(t, 'input.customer@example.com', undefined, groupId);
    pro = await loginAs(t, 'input.pro@example.com', undefined, groupId);
    const created = await call(t, 'POST', `/api/v3/groups/${groupId}/fiches`, {
      token: customer,
      body: { fiche: { firstname: 'Léa', lastname: 'Martin' } },
    });
    expect(created.status).toBe(201);
    ficheId = created.body.id;
    tables = await fingerprintedTables(t.ctx.db);
  });
  afterAll(async () => {
    await t.app.close();
  });

  /** Runs a request that must be refused: its status, its message, and proof that nothing was written. */
  async function refused(send: () => Promise<{ status: number; body: any }>) {
    const before = await fingerprint(t.ctx.db, tables);
    const response = await send();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.messages.errors).toEqual([response.body.message]);
    expect(await fingerprint(t.ctx.db, tables)).toEqual(before);
    return { status: response.status, message: response.body.message as string, body: response.body };
  }

  const booking = (extra: Record<string, unknown> = {}, fiche: Record<string, unknown> = {}) => ({
    date: '2026-11-24T10:00:00+01:00',
    group_id: groupId,
    fiche: newFiche('Zoé', fiche),
    intervention_ids: [id.cut],
    calendar_id: id.alice,
    ...extra,
  });

  describe('NUL in any text field answers 4xx, never 500', () => {
    it('booking names and comments', async () => {
      // The record's envelope refuses NUL in any field before the group's form is read.
      expect((await refused(() => book(t, booking({}, { firstname: 'Z\u0000oé' })))).message).toBe(
        'Invalid body parameter "appointment.fiche.firstname": must not contain control characters',
      );
      expect((await refused(() => book(t, booking({}, { lastname: 'Mar\u0000tin' })))).status).toBe(400);
      expect((await refused(() => book(t, booking({ comments: 'à\u0000demain' })))).message).toBe(
        'Invalid body parameter "appointment.comments": must not contain control characters',
      );
      expect((await refused(() => book(t, booking({ websource: 'x\u0000' })))).status).toBe(400);
      // A field of the group's appointment form (vevent), sent beside the known ones.
      expect((await refused(() => book(t, booking({ reason: 'a\u0000' })))).message).toBe(
        'Invalid body parameter "appointment.reason": must not contain control characters',
      );
    });

    it('login e-mail and password, registration and reset e-mail', async () => {
      const login = (credentials: object) =>
        call(t, 'POST', '/api/v3/sessions/login.json', {
          body: { credentials, account: { group_id: groupId } },
        });
      expect(
        (await refused(() => login({ email: 'a\u0000@example.com', password: 'Sunny-Day-2026!' }))).message,
      ).toBe('Invalid body parameter "credentials.email": must not contain control characters');
      expect((await refused(() => login({ email: 'a@example.com', password: 'x\u0000' }))).status).toBe(400);
      const register = await refused(() =>
        call(t, 'POST', '/api/v3/accounts.json', {
          body: {
            account: { group_id: groupId, email: 'new\u0000@example.com', password: 'Sunny-Day-2026!' },
          },
        }),
      );
      expect(register.status).toBe(400);
      const forgot = await refused(() =>
        call(t, 'POST', '/api/v3/accounts/forgotPassword.json', {
          body: { account: { group_id: groupId, email: '\u0000' } },
        }),
      );
      expect(forgot.status).toBe(400);
    });

    it('creating and editing a record, as a customer and as a professional', async () => {
      for (const token of [customer, pro]) {
        const create = await refused(() =>
          call(t, 'POST', `/api/v3/groups/${groupId}/fiches`, {
            token,
            body: { fiche: { firstname: 'Léo\u0000', lastname: 'Martin' } },
          }),
        );
        expect(create).toMatchObject({
          status: 400,
          message: 'Invalid body parameter "fiche.firstname": must not contain control characters',
        });
      }
      const edit = await refused(() =>
        call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${ficheId}`, {
          token: customer,
          body: { fiche: { lastname: 'Mar\u0000tin' } },
        }),
      );
      expect(edit.status).toBe(400);
      // In a field's name too, and in a value nested in a linked combo.
      for (const fiche of [{ 'x\u0000': 'a' }, { city: { value: 'a', child: 'b\u0000' } }]) {
        expect(
          (
            await refused(() =>
              call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${ficheId}`, {
                token: customer,
                body: { fiche },
              }),
            )
          ).status,
        ).toBe(400);
      }
    });

    it('a professional’s customer search, /api/urlname, catalogue conditions', async () => {
      const search = await refused(() =>
        call(t, 'GET', `/api/v3/groups/${groupId}/fiches?search=Mar%00tin`, { token: pro }),
      );
      expect(search.message).toBe(
        'Invalid querystring parameter "search": must not contain control characters',
      );
      const website = await refused(() => call(t, 'GET', '/api/urlname?website=salon%00.example'));
      expect(website.message).toBe(
        'Invalid querystring parameter "website": must not contain control characters',
      );
      const condition = await refused(() =>
        call(
          t,
          'GET',
          `/api/v3/groups/${groupId}/interventions?conditions[0][field]=externid&conditions[0][op]==&conditions[0][value]=c%00ut`,
        ),
      );
      expect(condition.status).toBe(400);
    });
  });

  describe('dates', () => {
    it('a booking in year 9999 or 0001 is refused outright, at once', async () => {
      for (const date of ['9999-01-04T10:00:00+01:00', '0001-01-04T10:00:00+01:00']) {
        const started = performance.now();
        const answer = await refused(() => book(t, booking({ date })));
        expect(answer.message).toBe(
          'Invalid body parameter "appointment.date": must be a date-time between the years 2000 and 2999',
        );
        expect(performance.now() - started).toBeLessThan(2_000);
      }
      const slots = await refused(() =>
        call(
          t,
          'GET',
          `/api/v3/groups/${groupId}/availabletimeslots?start=9999-12-31&intervention_ids[]=${id.cut}`,
        ),
      );
      expect(slots.message).toBe(
        'Invalid querystring parameter "start": must be a date between the years 2000 and 2999',
      );
      const change = await refused(() =>
        call(t, 'PUT', `/api/v3/appointments/1?group_id=${groupId}`, {
          token: customer,
          body: { appointment: { date: '0001-01-01T10:00:00Z' } },
        }),
      );
      expect(change.status).toBe(400);
    });

    it('a booking beyond the group’s horizon or in the past is refused before the slot engine', async () => {
      // 90 days ahead is the sample group's period; a year ahead is beyond it.
      const far = await refused(() => book(t, booking({ date: '2027-11-24T10:00:00+01:00' })));
      expect(far.message).toBe(
        'Invalid body parameter "appointment.date": outside the booking period (from now to 90 days ahead)',
      );
      const past = await refused(() => book(t, booking({ date: '2026-11-20T10:00:00+01:00' })));
      expect(past.status).toBe(400);
      // Within the horizon, the engine decides as before.
      expect((await book(t, booking({ date: '2026-11-24T10:00:00+01:00' }))).status).toBe(201);
    });
  });

  describe('names take one line and no bidirectional control', () => {
    it('refuses CR, LF and right-to-left overrides in booking and record names, keeps real names', async () => {
      for (const firstname of [
        'Léa\r\nBcc: victim@example.com',
        'Léa\nMartin',
        '\u202egpj.exe',
        'A\u2066B\u2069',
      ]) {
        const answer = await refused(() =>
          book(t, booking({ date: '2026-11-25T10:00:00+01:00' }, { firstname })),
        );
        expect(answer.body.errors).toEqual({ firstname: 'format' });
        const edit = await refused(() =>
          call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${ficheId}`, {
            token: customer,
            body: { fiche: { lastname: firstname } },
          }),
        );
        expect(edit.body.errors).toEqual({ lastname: 'format' });
      }
      const fine = await call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${ficheId}`, {
        token: customer,
        body: { fiche: { firstname: 'Zoë-Åsa', lastname: 'O’Brien مريم' } },
      });
      expect(fine.status).toBe(200);
      expect(fine.body).toMatchObject({ firstname: 'Zoë-Åsa', lastname: 'O’Brien مريم' });
    });

    it('a multi-line form field keeps its line breaks, a phone only phone characters', async () => {
      const multi = await book(
        t,
        booking({ date: '2026-11-25T11:00:00+01:00', comments: 'Ligne 1\r\nLigne 2' }),
      );
      expect(multi.status).toBe(201);
      expect(multi.body.records[0].comments).toBe('Ligne 1\r\nLigne 2');
      const phone = await refused(() =>
        call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${ficheId}`, {
          token: customer,
          body: { fiche: { firstphone: '06 12 34 56 78 <script>' } },
        }),
      );
      expect(phone.body.errors).toEqual({ firstphone: 'format' });
    });
  });

  describe('the router’s own refusals use the API’s error format', () => {
    it('a path parameter over the length limit, a broken percent-encoding, a body nested too deep', async () => {
      const long = await refused(() => t.get(`/api/v3/groups/${'1'.repeat(500)}/interventions`));
      expect(long).toMatchObject({ status: 414, message: 'Invalid params: a path parameter is too long' });
      const broken = await refused(() => t.get('/api/v3/services/groups/%E0%A4%A.json'));
      expect(broken.status).toBe(400);
      // Written as text: the client's own JSON.stringify could not nest this deep either.
      const deep = `${'['.repeat(50_000)}"x"${']'.repeat(50_000)}`;
      const nested = await refused(async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v3/groups/${groupId}/fiches?apikey=${TEST_API_KEY}&token=${customer}`,
          headers: { 'content-type': 'application/json' },
          payload: `{"fiche": {"firstname": ${deep}}}`,
        });
        return { status: response.statusCode, body: response.json() };
      });
      expect(nested).toMatchObject({ status: 400, message: 'Invalid body: must nest at most 32 levels' });
    });
  });
});
