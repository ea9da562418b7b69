import { describe, expect, it } from 'vitest';
import {
  type AbsenceDraft,
  addDays,
  firstError,
  firstOnOrAfter,
  isoWeekday,
  requestsOf,
  validateDraft,
} from './absence-request.ts';

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
  weekdays: [2],
  until: '2026-12-29',
  label: '',
  ...over,
});

describe('dates', () => {
  it('knows the weekdays and the first date of a weekday', () => {
    expect(isoWeekday('2026-12-01')).toBe(2);
    expect(isoWeekday('2026-12-06')).toBe(7);
    expect(isoWeekday('1969-12-29')).toBe(1);
    expect(firstOnOrAfter('2026-12-01', 2)).toBe('2026-12-01');
    expect(firstOnOrAfter('2026-12-01', 1)).toBe('2026-12-07');
    expect(firstOnOrAfter('2026-12-30', 5)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('requestsOf', () => {
  it('blocks some hours of one day on one calendar, label trimmed or null', () => {
    expect(requestsOf(draft({ label: '  Formation ' }))).toEqual([
      {
        calendar_ids: [23],
        kind: 'absence',
        from: '2026-12-01T13:00',
        to: '2026-12-01T19:00',
        label: 'Formation',
      },
    ]);
    expect(requestsOf(draft())[0]!.label).toBeNull();
  });

  it('closes the whole business on whole days, the last day included', () => {
    expect(requestsOf(draft({ scope: 'group', span: 'days', endDate: '2026-12-31' }))).toEqual([
      { calendar_ids: null, kind: 'closure', from: '2026-12-01T00:00', to: '2027-01-01T00:00', label: null },
    ]);
  });

  it('repeats weekly: one request per weekday from its first date, those after the end left out', () => {
    const requests = requestsOf(draft({ repeat: true, weekdays: [4, 1, 2], until: '2026-12-03' }));
    expect(requests.map((r) => [r.from, r.to, r.weekly_until])).toEqual([
      ['2026-12-01T13:00', '2026-12-01T19:00', '2026-12-03'],
      ['2026-12-03T13:00', '2026-12-03T19:00', '2026-12-03'],
    ]);
    const days = requestsOf(draft({ repeat: true, span: 'days', weekdays: [7], endDate: '2026-12-25' }));
    expect(days).toEqual([
      expect.objectContaining({
        from: '2026-12-06T00:00',
        to: '2026-12-07T00:00',
        weekly_until: '2026-12-29',
      }),
    ]);
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
    expect(validateDraft(draft({ repeat: true, until: '2028-12-01' })).until).toBe('tooManyWeeks');
    expect(validateDraft(draft({ repeat: true, until: '2028-11-20' })).until).toBeUndefined();
    expect(validateDraft(draft({ repeat: true, weekdays: [5], until: '2026-12-02' })).until).toBe(
      'noOccurrence',
    );
    // A repeat of whole days has no last day: each is one day.
    expect(validateDraft(draft({ repeat: true, span: 'days', endDate: '' }))).toEqual({});
  });
});
