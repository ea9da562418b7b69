import { describe, expect, it } from 'vitest';
import type { BookedAppointment } from '../../api/appointment-create.ts';
import { presetOfBooking, presetOfPreselection, retakeOf } from './preset.ts';
import { CALENDARS, SERVICES, SETS } from './test/catalogue.fixture.ts';

describe('selections that do not come from the steps', () => {
  it('the query string: one calendar, several calendars, packs and services together, "0"', () => {
    expect(
      presetOfPreselection({
        interventionset_ids: { by: 'id', ids: [12] },
        intervention_ids: { by: 'id', ids: [35] },
        pack_id: { by: 'id', ids: [47] },
        calendar_id: { by: 'id', ids: [23] },
        resource_id: { by: 'id', ids: [30] },
        calendarset_id: { by: 'id', ids: [1] },
      }),
    ).toEqual({
      interventionset_ids: [12],
      intervention_ids: [35, 47],
      calendarset_id: 1,
      calendar_id: 23,
      calendar_ids: [],
      resource_id: 30,
    });
    expect(presetOfPreselection({ calendar_ids: { by: 'id', ids: [23, 24] } })).toMatchObject({
      calendar_id: null,
      calendar_ids: [23, 24],
    });
    expect(presetOfPreselection({ calendar_id: { by: 'none' } })).toMatchObject({
      calendar_id: null,
      calendar_ids: [],
    });
  });

  const row = (extra: Partial<BookedAppointment>) =>
    ({ pack_id: null, resource: null, interventions: [], calendar_id: 23, ...extra }) as BookedAppointment;

  it('a booking being changed: its services and packs once each, in order', () => {
    expect(
      presetOfBooking([
        row({ intervention_id: 35, calendar_id: 23 }),
        row({ intervention_id: 38, pack_id: 47, calendar_id: 25 }),
        row({ intervention_id: 41, pack_id: 47, calendar_id: 25 }),
      ]),
    ).toMatchObject({ intervention_ids: [35, 47], calendar_id: 23 });
  });

  const catalogue = { services: SERVICES, calendars: CALENDARS, interventionsets: SETS, hasCategories: true };

  it('retake: the same category, service, calendar and resource', () => {
    const retake = retakeOf(
      row({ intervention_id: 41, calendar_id: 23, resource: { id: 30, name: 'Room' } }),
      catalogue,
    );
    expect(retake).toEqual({
      ok: true,
      preset: { interventionset_ids: [14], intervention_ids: [41], calendar_id: 23, resource_id: 30 },
      itemCalendars: {},
    });
  });

  it('retake error when the calendar, the service, a needed resource or the category is gone', () => {
    expect(retakeOf(row({ intervention_id: 35, calendar_id: 26 }), catalogue).ok).toBe(false);
    expect(retakeOf(row({ intervention_id: 99 }), catalogue).ok).toBe(false);
    expect(retakeOf(row({ intervention_id: 41 }), catalogue).ok).toBe(false);
    expect(retakeOf(row({ intervention_id: 35 }), { ...catalogue, interventionsets: [] }).ok).toBe(false);
  });

  it('a pack needs no category and gets its items’ calendars back', () => {
    const retake = retakeOf(
      row({
        intervention_id: 38,
        pack_id: 47,
        calendar_id: 25,
        interventions: [
          {
            apt_id: 2,
            intervention_id: 41,
            intervention_name: '',
            calendar_id: 23,
            calendar_name: '',
            start: '',
          },
          {
            apt_id: 3,
            intervention_id: 35,
            intervention_name: '',
            calendar_id: 24,
            calendar_name: '',
            start: '',
          },
        ],
      }),
      { ...catalogue, interventionsets: [] },
    );
    expect(retake).toMatchObject({
      ok: true,
      itemCalendars: { 47: [25, 23, 24] },
      preset: { intervention_ids: [47] },
    });
  });
});
