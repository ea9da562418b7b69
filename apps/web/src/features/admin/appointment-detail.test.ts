import { describe, expect, it } from 'vitest';
import type { AgendaCalendar } from '../../api/admin-agenda.ts';
import { createAgendaFormat } from './agenda-format.ts';
import { placeText, timesText } from './appointment-detail.ts';

const calendars = [
  { id: 1, name: 'Inès' },
  { id: 9, name: 'Room 2' },
] as unknown as AgendaCalendar[];

describe('placeText', () => {
  it('names the calendar and the resource, or a dash', () => {
    expect(placeText(calendars, { calendar_id: 1, resource_id: 9 })).toBe('Inès · Room 2');
    expect(placeText(calendars, { calendar_id: 1, resource_id: null })).toBe('Inès');
    expect(placeText(calendars, { calendar_id: 5, resource_id: null })).toBe('—');
  });
});

describe('timesText', () => {
  const format = createAgendaFormat('en');
  const range = (start: string, end: string) => `${start} to ${end}`;

  it('gives the two times through the range text on one day', () => {
    expect(
      timesText(format, { starts_local: '2026-11-25T09:30', ends_local: '2026-11-25T10:15' }, range),
    ).toBe('09:30 to 10:15');
  });

  it('writes the last day in full when the appointment ends on another', () => {
    expect(
      timesText(format, { starts_local: '2026-11-25T22:00', ends_local: '2026-11-26T01:00' }, range),
    ).toBe(`22:00 – ${format.longDate('2026-11-26')} 01:00`);
  });
});
