import { describe, expect, it } from 'vitest';
import { type AbsenceDraft, firstError, requestOf, validateDraft } from './absence-request.ts';

const draft = (over: Partial<AbsenceDraft> = {}): AbsenceDraft => ({
  scope: 'calendar',
  calendarId: 23,
  span: 'hours',
  // A Tuesday.
  date: '2026-12-01',
  endDate: '2026-12-01',
  fromTime: '13:00',
  toTime: '19:00',
  repeat: false,
  frequency: 'week:1',
  weekdays: [2],
  monthBy: 'day',
  until: '2026-12-29',
  label: '',
  ...over,
});

describe('requestOf', () => {
  it('blocks some hours of one day on one calendar, label trimmed or null', () => {
    expect(requestOf(draft({ label: '  Formation ' }))).toEqual({
      calendar_ids: [23],
      kind: 'absence',
      from: '2026-12-01T13:00',
      to: '2026-12-01T19:00',
      label: 'Formation',
    });
    expect(requestOf(draft()).label).toBeNull();
  });

  it('closes the whole business on whole days, the last day included', () => {
    expect(requestOf(draft({ scope: 'group', span: 'days', endDate: '2026-12-31' }))).toEqual({
      calendar_ids: null,
      kind: 'closure',
      from: '2026-12-01T00:00',
      to: '2027-01-01T00:00',
      label: null,
    });
  });

  it('sends one repeat rule: weekdays for weeks, the day of the month for months', () => {
    expect(requestOf(draft({ repeat: true, frequency: 'week:2', weekdays: [4, 1, 2, 2] })).repeat).toEqual({
      every: 'week',
      interval: 2,
      until: '2026-12-29',
      weekdays: [1, 2, 4],
    });
    expect(requestOf(draft({ repeat: true, frequency: 'month:3', monthBy: 'weekday' })).repeat).toEqual({
      every: 'month',
      interval: 3,
      until: '2026-12-29',
      month_by: 'weekday',
    });
    // A repeat of whole days blocks the chosen day each time.
    const days = requestOf(draft({ repeat: true, frequency: 'day:1', span: 'days', endDate: '2026-12-25' }));
    expect(days).toMatchObject({
      from: '2026-12-01T00:00',
      to: '2026-12-02T00:00',
      repeat: { every: 'day' },
    });
  });
});

describe('validateDraft', () => {
  it('accepts a sensible draft', () => {
    expect(validateDraft(draft())).toEqual({});
    expect(validateDraft(draft({ repeat: true, weekdays: [1, 5] }))).toEqual({});
  });

  it('names each wrong field, and the first in the form’s order', () => {
    const errors = validateDraft(
      draft({ calendarId: null, fromTime: '14:00', toTime: '13:30', label: 'x'.repeat(101) }),
    );
    expect(errors).toEqual({ calendar: 'calendarRequired', toTime: 'timeOrder', label: 'labelTooLong' });
    expect(firstError(errors)).toBe('calendar');
    expect(validateDraft(draft({ date: '', fromTime: '' }))).toEqual({
      date: 'dateRequired',
      fromTime: 'timeRequired',
    });
    expect(validateDraft(draft({ date: '2026-02-30' })).date).toBe('dateInvalid');
  });

  it('checks whole days and repeats', () => {
    expect(validateDraft(draft({ span: 'days', endDate: '2026-11-30' }))).toEqual({
      endDate: 'endBeforeStart',
    });
    expect(validateDraft(draft({ repeat: true, weekdays: [] })).weekdays).toBe('weekdaysRequired');
    expect(validateDraft(draft({ repeat: true, until: '2026-11-20' })).until).toBe('untilBeforeStart');
    expect(validateDraft(draft({ repeat: true, until: '2028-12-01' })).until).toBe('tooMany');
    expect(validateDraft(draft({ repeat: true, frequency: 'day:1', until: '2027-03-15' })).until).toBe(
      'tooMany',
    );
    expect(
      validateDraft(draft({ repeat: true, frequency: 'month:1', until: '2034-01-01' })).until,
    ).toBeUndefined();
    expect(validateDraft(draft({ repeat: true, until: '2028-11-20' })).until).toBeUndefined();
    expect(validateDraft(draft({ repeat: true, weekdays: [5], until: '2026-12-02' })).until).toBe(
      'noOccurrence',
    );
    // A repeat of whole days has no last day: each is one day.
    expect(validateDraft(draft({ repeat: true, span: 'days', endDate: '' }))).toEqual({});
  });
});
