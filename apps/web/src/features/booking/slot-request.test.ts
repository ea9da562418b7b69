import { emptySelection } from '@creneau/core/booking/selection';
import { describe, expect, it } from 'vitest';
import type { BookedAppointment } from '../../api/appointment-create.ts';
import { bookingBody, editingSlotsParams, slotAppointments, slotsParams } from './slot-request.ts';
import { LINKS, SERVICES, service } from './test/catalogue.fixture.ts';

const base = emptySelection({ today: '2026-11-22' });
const context = (selection: Partial<typeof base>, itemCalendars = {}) => ({
  selection: { ...base, ...selection },
  itemCalendars,
  catalogue: SERVICES,
  merge: false,
  links: LINKS,
});

describe('the booking as the API reads it', () => {
  it('lists the chosen services in order, with the shared calendar and resource', () => {
    const params = slotsParams(context({ intervention_ids: [43, 35], calendar_id: 23, resource_id: 30 }));
    expect(params).toMatchObject({
      start: '2026-11-22',
      nDays: 7,
      appointments: [{ intervention_id: 43 }, { intervention_id: 35 }],
      calendar_id: 23,
      resource_id: 30,
      promotions: true,
    });
  });

  it('"no preference" sends every offered calendar', () => {
    expect(slotsParams(context({ intervention_ids: [35], calendar_ids: [23, 24] })).calendar_ids).toEqual([
      23, 24,
    ]);
  });

  it('a pack with per-item calendars is one entry per item; without choices, one entry', () => {
    expect(slotAppointments(context({ intervention_ids: [47] }, { 47: [25, null, 23] }))).toEqual([
      { pack_id: 47, intervention_id: 38, calendar_id: 25 },
      { pack_id: 47, intervention_id: 41, calendar_id: undefined },
      { pack_id: 47, intervention_id: 35, calendar_id: 23 },
    ]);
    expect(slotAppointments(context({ intervention_ids: [47] }, { 47: [null, null, null] }))).toEqual([
      { pack_id: 47 },
    ]);
  });

  it('merged services book the peer the chosen calendar performs', () => {
    const twins = [service(1, { name: 'Consult' }), service(2, { name: 'Consult' })];
    const entries = slotAppointments({
      selection: { ...base, intervention_ids: [1, 2], calendar_id: 9 },
      itemCalendars: {},
      catalogue: twins,
      merge: true,
      links: { 9: [2] },
    });
    expect(entries).toEqual([{ intervention_id: 2, calendar_id: undefined }]);
  });

  it('the booking body carries the slot, the fiche, the comment and the vevent fields in their own object', () => {
    const body = bookingBody(
      context({ intervention_ids: [35], calendar_id: 23, slots: '2026-11-24T10:00:00+01:00' }),
      {
        groupId: 5,
        fiche: { firstname: 'Anne' },
        comments: '  Hello  ',
        websource: 'instagram',
        vevent: { first_visit: true },
        locale: 'pt',
      },
    );
    expect(body).toMatchObject({
      date: '2026-11-24T10:00:00+01:00',
      fiche: { firstname: 'Anne' },
      group_id: 5,
      from_web: 1,
      comments: 'Hello',
      websource: 'instagram',
      vevent: { first_visit: true },
      locale: 'pt',
      calendar_id: 23,
      appointments: [{ intervention_id: 35 }],
    });
  });

  it('a vevent "comments" field is the comment', () => {
    const body = bookingBody(context({ intervention_ids: [35], slots: '2026-11-24T10:00:00+01:00' }), {
      groupId: 5,
      fiche: 3,
      vevent: { comments: ' Knee pain ', referral: true },
    });
    expect(body.comments).toBe('Knee pain');
    expect(body).not.toHaveProperty('comments', ' Knee pain ');
    expect(body.vevent).toEqual({ referral: true });
  });

  it('refuses to build a booking without a slot', () => {
    expect(() =>
      bookingBody(context({ intervention_ids: [35] }), { groupId: 5, fiche: 1, vevent: {} }),
    ).toThrow();
  });

  it('an appointment being changed is searched as it was booked: each on its calendar, a pack whole', () => {
    const row = (extra: Partial<BookedAppointment>) =>
      ({ pack_id: null, resource: null, ...extra }) as BookedAppointment;
    const params = editingSlotsParams(
      [
        row({ intervention_id: 35, calendar_id: 23, resource: { id: 30, name: 'Room 1' } }),
        row({ intervention_id: 38, calendar_id: 25, pack_id: 47 }),
        row({ intervention_id: 41, calendar_id: 25, pack_id: 47 }),
      ],
      '2026-12-01',
    );
    expect(params.appointments).toEqual([
      { intervention_id: 35, calendar_id: 23, resource_id: 30 },
      { pack_id: 47 },
    ]);
    expect(params.start).toBe('2026-12-01');
  });
});
