import { describe, expect, it } from 'vitest';
import { cancelAppointments, changeAppointment } from './endpoints/appointments.ts';
import { listInterventions } from './endpoints/catalogue.ts';
import { getGroup } from './endpoints/groups.ts';
import { pathOf } from './request-path.ts';

describe('pathOf', () => {
  it('fills every path parameter', () => {
    expect(pathOf(listInterventions, { id: 5 })).toBe('/api/v3/groups/5/interventions');
    expect(pathOf(changeAppointment, { id: '42' })).toBe('/api/v3/appointments/42');
    expect(pathOf(cancelAppointments, { id: 7 })).toBe('/api/v3/groups/7/appointments/batch_delete');
  });

  it('encodes what it puts in the path, so a value cannot add a segment', () => {
    expect(pathOf(getGroup, { urlname: 'a/b?c' })).toBe('/api/v3/services/groups/a%2Fb%3Fc.json');
  });

  it('refuses a missing parameter rather than calling a wrong path', () => {
    expect(() => pathOf(listInterventions, {} as never)).toThrow(/no value for :id/);
  });
});
