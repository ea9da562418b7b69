import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { pathOf, requestOf, route } from './request-path.ts';
import * as routes from './routes.ts';

const { changeEmail } = routes.accounts;
const { appointmentCalendarFile, listAppointments, takeAppointment } = routes.appointments;
const { listCalendars } = routes.catalogue;
const { findShard, getGroup } = routes.groups;
const { getCurrentSession } = routes.sessions;

describe('pathOf', () => {
  it('fills the parameters and drops the /api prefix the client base carries', () => {
    expect(pathOf(listCalendars, { id: 12 })).toBe('/v3/groups/12/calendars');
    expect(pathOf(appointmentCalendarFile, { id: 3, aptId: '45' })).toBe('/v3/groups/3/appointments/45.ics');
    expect(pathOf(changeEmail, { id: 7 })).toBe('/v3/accounts/7/email.json');
    expect(pathOf(getCurrentSession)).toBe('/v3/sessions/current.json');
    expect(pathOf(findShard)).toBe('/shard');
  });

  it('encodes each value as one path segment', () => {
    expect(pathOf(getGroup, { urlname: 'a/b?c' })).toBe('/v3/services/groups/a%2Fb%3Fc.json');
  });

  it('refuses a missing parameter rather than sending a request to /:id', () => {
    const untyped = pathOf as (endpoint: unknown, params?: unknown) => string;
    expect(() => untyped(listCalendars, {})).toThrow(/path parameter id/);
    expect(() => untyped(listCalendars)).toThrow(/path parameter id/);
  });

  it('keeps a path outside /api as it is', () => {
    const health = endpoint({
      method: 'GET',
      path: '/health',
      summary: '',
      tags: [],
      answers: { 200: z.string() },
    });
    expect(pathOf(route<typeof health>('GET', '/health'))).toBe('/health');
  });

  it('types the route and the parameters from the endpoint', () => {
    // Checked by the type checker (npm run typecheck), never run.
    const wrong = () => [
      // @ts-expect-error the calendars list is addressed by the group's id
      pathOf(listCalendars, { groupId: 12 }),
      // @ts-expect-error the session has no path parameter
      pathOf(getCurrentSession, { id: 1 }),
      // @ts-expect-error not the calendars list's path
      route<typeof routes.catalogue.listCalendars.endpoint & object>('GET', '/api/v3/groups/:id/calendar'),
    ];
    expect(typeof wrong).toBe('function');
  });
});

describe('requestOf', () => {
  it('gives the method, the path, the query and the body', () => {
    expect(requestOf(listAppointments, { query: { group_id: 4, include_past: 1, locale: 'fr' } })).toEqual({
      method: 'GET',
      path: '/v3/appointments',
      query: { group_id: 4, include_past: 1, locale: 'fr' },
      body: undefined,
    });
    const body = { appointment: { date: '2026-11-23T09:15:00+01:00', fiche: 5, group_id: 4 } };
    expect(requestOf(takeAppointment, { body })).toEqual({
      method: 'POST',
      path: '/v3/appointments',
      query: {},
      body,
    });
  });

  it('types the query and the body from the endpoint', () => {
    // Checked by the type checker (npm run typecheck), never run.
    const wrong = () => [
      // @ts-expect-error the list needs its group_id
      requestOf(listAppointments, { query: {} }),
      // @ts-expect-error a booking has a body
      requestOf(takeAppointment, {}),
      // @ts-expect-error the e-mail change's body is {account: {group_id, temp_email}}
      requestOf(changeEmail, { params: { id: 1 }, body: { account: { email: 'a@b.fr' } } }),
    ];
    expect(typeof wrong).toBe('function');
  });
});
