import { describe, expect, it } from 'vitest';
import { changedDraft, errorsWithout, initialDraft, weekOfMonth } from './absence-draft.ts';

// 2026-12-01 is a Tuesday.
const today = '2026-12-01';

describe('initialDraft', () => {
  it('starts on the only calendar, some hours of today, repeating on its weekday for four weeks', () => {
    const draft = initialDraft([{ id: 23 }], today);
    expect(draft).toMatchObject({
      scope: 'calendar',
      calendarId: 23,
      span: 'hours',
      date: today,
      endDate: today,
      repeat: false,
      weekdays: [2],
      until: '2026-12-29',
      label: '',
    });
  });

  it('leaves the calendar to choose when there are several', () => {
    expect(initialDraft([{ id: 1 }, { id: 2 }], today).calendarId).toBeNull();
  });
});

describe('changedDraft', () => {
  const draft = initialDraft([{ id: 23 }], today);

  it('moves the weekday and a past last day along with a new date', () => {
    const changed = changedDraft({ ...draft, span: 'days' }, { date: '2026-12-04' });
    expect(changed.weekdays).toEqual([5]);
    expect(changed.endDate).toBe('2026-12-04');
  });

  it('keeps the weekdays once repeating, and a later last day', () => {
    const repeating = { ...draft, repeat: true, weekdays: [1, 3], endDate: '2026-12-10' };
    const changed = changedDraft(repeating, { date: '2026-12-04' });
    expect(changed.weekdays).toEqual([1, 3]);
    expect(changed.endDate).toBe('2026-12-10');
  });

  it('leaves the weekdays alone for a date that is not a day', () => {
    expect(changedDraft(draft, { date: '2026-02-31' }).weekdays).toEqual([2]);
    expect(changedDraft(draft, { label: 'Training' })).toEqual({ ...draft, label: 'Training' });
  });
});

describe('errorsWithout', () => {
  it("drops the changed fields' errors only", () => {
    expect(errorsWithout({ date: 'dateInvalid', label: 'labelTooLong' }, ['date', 'weekdays'])).toEqual({
      label: 'labelTooLong',
    });
  });
});

describe('weekOfMonth', () => {
  it('counts the weeks of the month a date falls in', () => {
    expect(weekOfMonth('2026-12-01')).toBe(1);
    expect(weekOfMonth('2026-12-07')).toBe(1);
    expect(weekOfMonth('2026-12-08')).toBe(2);
    expect(weekOfMonth('2026-12-29')).toBe(5);
  });
});
