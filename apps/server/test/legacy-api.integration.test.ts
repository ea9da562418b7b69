/**
 * The legacy API generation (docs/api.md, "Legacy generation"): the main booking journey —
 * catalogue, slots, book, list, cancel, calendar file — through the legacy paths, with their
 * answer forms: lists as objects with `records`, errors as lists of `{errorCode, error}`.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, type JsonResponse } from './support/accounts.ts';
import { newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

/** A legacy error answer: a non-empty list whose first item carries the key and a numeric code. */
function expectLegacyError(response: JsonResponse, status: number, key: string | RegExp, errorCode = status) {
  expect(response.status).toBe(status);
  expect(Array.isArray(response.body)).toBe(true);
  const [first] = response.body;
  expect(first.errorCode).toBe(errorCode);
  if (typeof key === 'string') expect(first.error).toBe(key);
  else expect(first.error).toMatch(key);
  expect(first.translate_key).toBe(first.error);
  expect(response.body).not.toHaveProperty('messages');
  return first;
}

forEachDatabase('legacy API generation', (database) => {
  let t: TestApp;
  let groupId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    const group = sampleGroup({ urlname: 'legacy-salon' }) as any;
    group.settings.profile = { use_api_v3: false };
    group.settings.rules = {
      min_notice_minutes: 60,
      cancel_notice_minutes: 24 * 60,
      blacklist: ['banned@example.com'],
    };
    groupId = (await importGroupConfig(t.ctx.db, group)).id;
  });
  afterAll(async () => {
    await t.app.close();
  });

  const slotsOf = (query: string) => call(t, 'GET', `/api/groups/${groupId}/availabletimeslots?${query}`);
  const bookLegacy = (appointment: Record<string, unknown>, token?: string) =>
    call(t, 'POST', `/api/groups/${groupId}/appointments.json`, {
      body: { appointment: { from_web: 1, ...appointment } },
      token: token ?? null,
    });

  describe('catalogue and home page', () => {
    it('lists categories, services, packs, sites and calendars as objects with records', async () => {
      for (const list of [
        'interventionsets',
        'interventions',
        'pack_interventions',
        'calendarsets',
        'calendars',
      ]) {
        const response = await call(t, 'GET', `/api/groups/${groupId}/${list}?locale=en`);
        expect(response.status, list).toBe(200);
        expect(Array.isArray(response.body.records), list).toBe(true);
        for (const record of response.body.records) ids[record.externid] = record.id;
      }
      expect(ids).toHaveProperty('cut');
      expect(ids).toHaveProperty('alice');
      expect(ids).toHaveProperty('pack-full');
      const services = await call(t, 'GET', `/api/groups/${groupId}/interventions?locale=en`);
      const cut = services.body.records.find((r: { externid: string }) => r.externid === 'cut');
      expect(cut).toMatchObject({ publicname: 'Women cut', price: 4500, length: 45 });
    });

    it('answers the same records as v3, through the same rules (conditions, hidden items)', async () => {
      const query = 'conditions[0][field]=externid&conditions[0][op]=in&conditions[0][value]=cut,phone-only';
      const legacy = await call(t, 'GET', `/api/groups/${groupId}/interventions?${query}`);
      const v3 = await call(t, 'GET', `/api/v3/groups/${groupId}/interventions?${query}`);
      expect(legacy.body).toEqual(v3.body);
      expect(legacy.body.records.map((r: { externid: string }) => r.externid)).toEqual(['cut']);
    });

    it('answers the home page settings under the group', async () => {
      const response = await call(t, 'GET', `/api/groups/${groupId}/websites`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ title: 'Salon Test', quick_desc: 'Coiffure' });
    });

    it('refuses an unknown group with groupDoesNotExist as a list', async () => {
      expectLegacyError(await call(t, 'GET', '/api/groups/999999/interventions'), 404, 'groupDoesNotExist');
      expectLegacyError(await call(t, 'GET', '/api/groups/999999/websites'), 404, 'groupDoesNotExist');
    });

    it('refuses a call without the api key with invalidApiKey as a list', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/interventions` });
      expectLegacyError(
        { status: response.statusCode, body: response.json(), headers: {} },
        401,
        'invalidApiKey',
      );
    });
  });

  describe('booking journey', () => {
    let first: { start: string };
    let appointmentId: number;
    let ficheToken: string;

    it('answers slots in the legacy query form (start, intervention_ids[], calendar_id)', async () => {
      const response = await slotsOf(
        `start=2026-11-24&intervention_ids[]=${ids.cut}&calendar_id=${ids.alice}`,
      );
      expect(response.status).toBe(200);
      expect(response.body.availabletimeslots.length).toBeGreaterThan(0);
      first = response.body.availabletimeslots[0];
      expect(first.start).toBe('2026-11-24T09:00:00+01:00');
      expect(response.body.firstSlot).toBeTruthy();
    });

    it('refuses a malformed slots query with a 400 list naming the parameter', async () => {
      const first = expectLegacyError(
        await slotsOf(`start=24/11/2026&intervention_ids[]=${ids.cut}`),
        400,
        /start/,
      );
      expect(first.error).toMatch(/^Invalid querystring/);
    });

    it('books through groups/{id}/appointments.json, the group taken from the path', async () => {
      const response = await bookLegacy({
        date: first.start,
        fiche: newFiche('Léa'),
        intervention_ids: [ids.cut],
        calendar_id: ids.alice,
      });
      expect(response.status).toBe(201);
      expect(response.body.records).toHaveLength(1);
      expect(response.body.records[0]).toMatchObject({
        start: '2026-11-24T08:00:00.000Z',
        group_id: groupId,
        intervention_id: ids.cut,
        calendar_id: ids.alice,
      });
      expect(response.body.fiche_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      appointmentId = response.body.records[0].id;
      ficheToken = response.body.fiche_token;

      const after = await slotsOf(`start=2026-11-24&intervention_ids[]=${ids.cut}&calendar_id=${ids.alice}`);
      expect(after.body.availabletimeslots.map((s: { start: string }) => s.start)).not.toContain(first.start);
    });

    it('refuses the taken slot, a blacklisted person and a group that is not the path’s, each as a list', async () => {
      const taken = await bookLegacy({
        date: first.start,
        fiche: newFiche('Zoé'),
        intervention_ids: [ids.cut],
        calendar_id: ids.alice,
      });
      expectLegacyError(taken, 409, 'v3_error.appointment.availabletimeslots');

      const banned = await bookLegacy({
        date: '2026-11-24T15:00:00+01:00',
        fiche: { firstname: 'Ban', lastname: 'Ni', email: 'banned@example.com' },
        intervention_ids: [ids.cut],
        calendar_id: ids.alice,
      });
      expect(banned.status).toBeGreaterThanOrEqual(400);
      expect(banned.body[0].error).toBe('v3_error.appointment.user_blacklisted');

      const elsewhere = await bookLegacy({
        date: '2026-11-24T15:00:00+01:00',
        group_id: groupId + 1000,
        fiche: newFiche('Yann'),
        intervention_ids: [ids.cut],
      });
      expectLegacyError(elsewhere, 400, /appointment\.group_id/);

      // The v2 booking path takes the group from the body and answers in the legacy forms too.
      const v2 = await call(t, 'POST', '/api/v2/appointments', {
        body: {
          appointment: {
            date: first.start,
            group_id: groupId,
            fiche: newFiche('Zoé'),
            intervention_ids: [ids.cut],
            calendar_id: ids.alice,
          },
        },
      });
      expectLegacyError(v2, 409, 'v3_error.appointment.availabletimeslots');

      const badDate = await bookLegacy({
        date: 'tomorrow',
        fiche: newFiche('Yann'),
        intervention_ids: [ids.cut],
      });
      expectLegacyError(badDate, 400, /appointment\.date/);
    });

    it('lists the booking under fiche/appointments and account/appointments as an object with records', async () => {
      for (const path of ['/api/fiche/appointments', '/api/account/appointments']) {
        const response = await call(t, 'GET', `${path}?group_id=${groupId}&include_past=1`, {
          token: ficheToken,
        });
        expect(response.status, path).toBe(200);
        expect(Array.isArray(response.body), path).toBe(false);
        expect(
          response.body.records.map((r: { id: number }) => r.id),
          path,
        ).toEqual([appointmentId]);
      }
      const anonymous = await call(t, 'GET', `/api/fiche/appointments?group_id=${groupId}`);
      expectLegacyError(anonymous, 401, 'expiredConnection');
    });

    it('exports the calendar file with the session token alone, and refuses it without one', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/groups/${groupId}/appointments/${appointmentId}.ics?token=${ficheToken}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/calendar');
      const event = new ICAL.Event(
        new ICAL.Component(ICAL.parse(response.body)).getFirstSubcomponent('vevent')!,
      );
      expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-24T08:00:00.000Z');

      const noToken = await t.app.inject({
        method: 'GET',
        url: `/api/groups/${groupId}/appointments/${appointmentId}.ics`,
      });
      expectLegacyError(
        { status: noToken.statusCode, body: noToken.json(), headers: {} },
        401,
        'expiredConnection',
      );
      // The v3 link still needs its api key.
      const v3 = await t.app.inject({
        method: 'GET',
        url: `/api/v3/groups/${groupId}/appointments/${appointmentId}.ics?token=${ficheToken}`,
      });
      expect(v3.statusCode).toBe(401);
    });

    it('cancels through batch_delete.json, then refuses a second cancel with aptAlreadyCanceled and the phone', async () => {
      const body = { appointments: [{ id: appointmentId }] };
      const path = `/api/groups/${groupId}/appointments/batch_delete.json`;
      const response = await call(t, 'POST', path, { body, token: ficheToken });
      expect(response.status).toBe(200);
      expect(response.body.records.map((r: { id: number }) => r.id)).toEqual([appointmentId]);

      const again = expectLegacyError(
        await call(t, 'POST', path, { body, token: ficheToken }),
        409,
        'aptAlreadyCanceled',
      );
      expect(again.phone).toBe('+33 1 23 45 67 89');

      const list = await call(t, 'GET', `/api/fiche/appointments?group_id=${groupId}`, { token: ficheToken });
      expect(list.body.records).toEqual([]);
    });

    it('refuses a cancel inside the notice with mintimeRDVError and errorCode 10', async () => {
      const today = await slotsOf(`start=2026-11-23&intervention_ids[]=${ids.cut}&calendar_id=${ids.alice}`);
      const soon = today.body.availabletimeslots.find((s: { start: string }) =>
        s.start.startsWith('2026-11-23'),
      );
      expect(soon).toBeTruthy();
      const booked = await bookLegacy({
        date: soon.start,
        fiche: newFiche('Inès'),
        intervention_ids: [ids.cut],
        calendar_id: ids.alice,
      });
      expect(booked.status).toBe(201);
      const refused = await call(t, 'POST', `/api/groups/${groupId}/appointments/batch_delete.json`, {
        body: { appointments: [{ id: booked.body.records[0].id }] },
        token: booked.body.fiche_token,
      });
      const item = expectLegacyError(refused, 422, 'mintimeRDVError', 10);
      expect(refused.body).toHaveLength(1);
      expect(item).not.toHaveProperty('errors');
    });
  });

  describe('sessions and records', () => {
    it('logs in through sessions/login.json; a wrong password is a list with error and translate_key', async () => {
      await createAccount(t.ctx.db, { email: 'chloe@example.com' });
      const wrong = await call(t, 'POST', '/api/sessions/login.json', {
        body: { credentials: { email: 'chloe@example.com', password: 'Wrong-Pass-2026!' } },
      });
      expectLegacyError(wrong, 401, 'credentialError');

      const login = await call(t, 'POST', '/api/sessions/login.json', {
        body: {
          credentials: { email: 'chloe@example.com', password: 'Sunny-Day-2026!' },
          account: { group_id: groupId },
        },
      });
      expect(login.status).toBe(200);
      const token = login.body.account_token as string;
      const current = await call(t, 'GET', '/api/sessions/current.json', { token });
      expect(current.body.account).toMatchObject({ email: 'chloe@example.com' });

      const created = await call(t, 'POST', `/api/groups/${groupId}/fiches`, {
        body: { fiche: { firstname: 'Chloé', lastname: 'Petit' } },
        token,
      });
      expect(created.status).toBe(201);
      const fiches = await call(t, 'GET', `/api/groups/${groupId}/fiches`, { token });
      expect(fiches.body.records.map((f: { firstname: string }) => f.firstname)).toEqual(['Chloé']);
      const invalid = await call(t, 'POST', `/api/groups/${groupId}/fiches`, { body: { fiche: {} }, token });
      const item = expectLegacyError(invalid, 422, 'formStdError');
      // The per-field errors stay beside the key, as in v3.
      expect(item.errors).toMatchObject({ firstname: expect.any(String) });

      // Changing exists only in v3, and there it is refused to a customer of a legacy group.
      const slot = (await slotsOf(`start=2026-11-25&intervention_ids[]=${ids.cut}&calendar_id=${ids.bob}`))
        .body.availabletimeslots[0];
      const booked = await bookLegacy(
        { date: slot.start, fiche: created.body.id, intervention_ids: [ids.cut], calendar_id: ids.bob },
        token,
      );
      expect(booked.status).toBe(201);
      const bookedId = booked.body.records[0].id;
      const change = await call(t, 'PUT', `/api/v3/appointments/${bookedId}?group_id=${groupId}`, {
        body: { appointment: { comments: 'later?' } },
        token,
      });
      expect(change.status).toBe(403);
      expect(change.body.message).toBe('editAptError');
      const noLegacyChange = await call(t, 'PUT', `/api/groups/${groupId}/appointments/${bookedId}.json`, {
        body: { appointment: { comments: 'later?' } },
        token,
      });
      expect(noLegacyChange.status).toBe(404);
      const list = await call(t, 'GET', `/api/account/appointments?group_id=${groupId}`, { token });
      expect(list.body.records.map((r: { id: number }) => r.id)).toEqual([bookedId]);
    });
  });

  it('documents both generations in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/groups/{id}/availabletimeslots',
      '/api/groups/{id}/interventions',
      '/api/groups/{id}/appointments.json',
      '/api/v2/appointments',
      '/api/account/appointments',
      '/api/fiche/appointments',
      '/api/groups/{id}/appointments/batch_delete.json',
      '/api/groups/{id}/websites',
      '/api/v3/appointments',
      '/api/v3/groups/{id}/availabletimeslots',
    ])
      expect(paths, path).toContain(path);
  });
});
