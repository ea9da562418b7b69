// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canChangeAppointments,
  currentApiGeneration,
  followGroupGeneration,
  followSessionKind,
  generationOf,
  normalizeErrorBody,
  routeCall,
} from './api-generation.ts';
import { appointmentIcsUrl } from './appointment-ics.ts';
import { fetchAppointments } from './appointments.ts';
import { type ApiError, apiGet, apiPost } from './client.ts';
import { setSessionToken } from './session-token.ts';

const legacyGroup = { loginProfile: 'Account', profile: { use_api_v3: false } };
const v3Group = { loginProfile: 'Account', profile: { use_api_v3: true } };

afterEach(() => {
  followGroupGeneration(v3Group);
  followSessionKind({ type: 'user', account: { id: 1 } });
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the generation a group chooses', () => {
  it('is v3 unless use_api_v3 is false (the flag defaults to true)', () => {
    expect(generationOf(v3Group)).toBe('v3');
    expect(generationOf({})).toBe('v3');
    expect(generationOf({ profile: {} })).toBe('v3');
    expect(generationOf(legacyGroup)).toBe('legacy');
  });

  it('offers the change of an appointment only with v3 and the Account profile', () => {
    expect(canChangeAppointments(v3Group)).toBe(true);
    expect(canChangeAppointments(legacyGroup)).toBe(false);
    expect(canChangeAppointments({ ...v3Group, loginProfile: 'Fiche' })).toBe(false);
  });
});

describe('routeCall in the legacy generation', () => {
  const legacy = (method: 'GET' | 'POST' | 'PUT', path: string, params = {}, body?: unknown) =>
    routeCall(method, path, params, body, 'legacy');

  it('drops /v3 from the catalogue, slots, records, sessions and accounts paths', () => {
    for (const [method, path] of [
      ['GET', '/v3/groups/5/interventions'],
      ['GET', '/v3/groups/5/pack_interventions'],
      ['GET', '/v3/groups/5/availabletimeslots'],
      ['GET', '/v3/groups/5/fiches'],
      ['PUT', '/v3/groups/5/fiches/9'],
      ['GET', '/v3/groups'],
      ['POST', '/v3/sessions/login.json'],
      ['GET', '/v3/sessions/current.json'],
      ['POST', '/v3/accounts.json'],
      ['PUT', '/v3/accounts/3.json'],
    ] as const)
      expect(legacy(method, path).path, path).toBe(path.slice(3));
  });

  it('puts the group in the path for the home page and the booking', () => {
    expect(legacy('GET', '/v3/websites', { group_id: 5 })).toMatchObject({
      path: '/groups/5/websites',
      params: {},
    });
    expect(legacy('POST', '/v3/appointments', {}, { appointment: { group_id: 7 } }).path).toBe(
      '/groups/7/appointments.json',
    );
    expect(legacy('POST', '/v3/groups/7/appointments/batch_delete').path).toBe(
      '/groups/7/appointments/batch_delete.json',
    );
  });

  it('lists appointments at account/ or fiche/appointments by session, without v3 paging, and unwraps its records', () => {
    followSessionKind({ type: 'user', account: { id: 4 } });
    const routed = legacy('GET', '/v3/appointments', { group_id: 5, include_past: 1, limit_past: 12 });
    expect(routed.path).toBe('/account/appointments');
    expect(routed.params).toEqual({ group_id: 5, include_past: 1 });
    expect(routed.answer?.({ records: [{ id: 1 }] })).toEqual([{ id: 1 }]);
    // A guest session (after booking without an account) and an e-mail link's record session.
    followSessionKind({ type: 'user', account: { id: 0 } });
    expect(legacy('GET', '/v3/appointments', { group_id: 5 }).path).toBe('/fiche/appointments');
    followSessionKind({ type: null, account: null });
    expect(legacy('GET', '/v3/appointments', { group_id: 5 }).path).toBe('/fiche/appointments');
    followSessionKind({ type: 'pro', account: null });
    expect(legacy('GET', '/v3/appointments', { group_id: 5 }).path).toBe('/account/appointments');
  });

  it('keeps the calls that have no legacy form, and everything in v3', () => {
    expect(legacy('GET', '/v3/services/groups/demo.json').path).toBe('/v3/services/groups/demo.json');
    expect(legacy('PUT', '/v3/appointments/4').path).toBe('/v3/appointments/4');
    expect(legacy('GET', '/urlname').path).toBe('/urlname');
    expect(routeCall('GET', '/v3/groups/5/interventions', {}, undefined, 'v3').path).toBe(
      '/v3/groups/5/interventions',
    );
  });
});

describe('normalizeErrorBody', () => {
  it('gives a legacy error list the v3 shape with its details', () => {
    expect(normalizeErrorBody([{ errorCode: 409, error: 'aptAlreadyCanceled', phone: '01' }])).toEqual({
      errorCode: 409,
      error: 'aptAlreadyCanceled',
      phone: '01',
      message: 'aptAlreadyCanceled',
      messages: { errors: ['aptAlreadyCanceled'] },
    });
    const v3 = { message: 'x', messages: { errors: ['x'] } };
    expect(normalizeErrorBody(v3)).toBe(v3);
  });
});

describe('the HTTP client follows the group', () => {
  it('calls the legacy paths once a legacy group is loaded, with the legacy answer forms', async () => {
    setSessionToken('tok');
    followGroupGeneration(legacyGroup);
    expect(currentApiGeneration()).toBe('legacy');
    const fetch = vi.fn(async (url: string) =>
      url.includes('batch_delete')
        ? new Response(JSON.stringify([{ errorCode: 10, error: 'mintimeRDVError' }]), { status: 422 })
        : new Response('{"records":[{"id":3}]}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);

    expect(await fetchAppointments(5, 'fr')).toEqual([{ id: 3 }]);
    expect(fetch.mock.calls[0]![0]).toBe(
      '/api/account/appointments?apikey=creneau-dev&results=all&group_id=5&include_past=1&locale=fr&token=tok',
    );
    await apiGet('/v3/groups/5/interventions');
    expect(fetch.mock.calls[1]![0]).toMatch(/^\/api\/groups\/5\/interventions\?/);

    const error = (await apiPost('/v3/groups/5/appointments/batch_delete', {}).catch((e) => e)) as ApiError;
    expect(error.key).toBe('mintimeRDVError');
    expect((error.body as { errorCode: number }).errorCode).toBe(10);

    expect(appointmentIcsUrl(5, 9)).toBe('/api/groups/5/appointments/9.ics?token=tok');

    // A session check made anywhere (here: right after a login) picks the list path.
    fetch.mockImplementation(async (url: string) =>
      url.includes('sessions/current')
        ? new Response('{"logged":true,"type":"user","account":{"id":0}}', { status: 200 })
        : new Response('{"records":[]}', { status: 200 }),
    );
    await apiGet('/v3/sessions/current.json', {}, { withToken: false });
    await fetchAppointments(5, 'fr');
    expect(fetch.mock.calls.at(-2)![0]).toMatch(/^\/api\/sessions\/current\.json\?/);
    expect(fetch.mock.calls.at(-1)![0]).toMatch(/^\/api\/fiche\/appointments\?/);
    followGroupGeneration(v3Group);
    expect(appointmentIcsUrl(5, 9)).toBe('/api/v3/groups/5/appointments/9.ics?apikey=creneau-dev&token=tok');
  });
});
