import { describe, expect, it } from 'vitest';
import { calendarsText, staffChange } from './staff-format.ts';

const texts = { all: 'All calendars', none: 'No calendar', unknown: (id: number) => `Calendar ${id}` };
const calendars = [
  { id: 21, name: 'Hugo' },
  { id: 23, name: 'Léonie' },
];

describe('calendarsText', () => {
  it('says every calendar for null and none for an empty list', () => {
    expect(calendarsText({ calendar_ids: null }, calendars, texts)).toBe('All calendars');
    expect(calendarsText({ calendar_ids: [] }, calendars, texts)).toBe('No calendar');
  });

  it("names the calendars in the business's order, unknown ones by number", () => {
    expect(calendarsText({ calendar_ids: [23, 99, 21] }, calendars, texts)).toBe('Hugo, Léonie, Calendar 99');
  });
});

describe('staffChange', () => {
  it('limits only the staff role to calendars', () => {
    expect(staffChange('staff', false, [23, 21])).toEqual({ role: 'staff', calendar_ids: [21, 23] });
    expect(staffChange('staff', true, [23])).toEqual({ role: 'staff', calendar_ids: null });
    expect(staffChange('manager', false, [23])).toEqual({ role: 'manager', calendar_ids: null });
  });
});
