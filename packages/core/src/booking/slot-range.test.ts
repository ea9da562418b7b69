import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  datePickerBounds,
  maxBookingPeriod,
  showsDayStrip,
  slotNavigation,
  slotViewDays,
  visibleDayCount,
} from './slot-range.ts';

describe('slot view by width', () => {
  it.each([
    [320, true, 7],
    [360, true, 7],
    [480, true, 7],
    [481, false, 3],
    [600, false, 4],
    [1280, false, 7],
  ])('%i px → strip %s, %i days covered', (width, strip, days) => {
    expect(showsDayStrip(width)).toBe(strip);
    expect(slotViewDays(width)).toBe(days);
  });
});

describe('visibleDayCount', () => {
  it.each([
    [1920, 7],
    [1025, 7],
    [1024, 6],
    [881, 6],
    [880, 5],
    [736, 4],
    [581, 4],
    [580, 3],
    [421, 3],
    [420, 2],
    [320, 2],
  ])('%i px → %i days', (width, days) => {
    expect(visibleDayCount(width)).toBe(days);
  });

  it('property: never more days for a narrower window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 0, max: 4000 }), (a, b) => {
        if (a <= b) expect(visibleDayCount(a)).toBeLessThanOrEqual(visibleDayCount(b));
      }),
    );
  });
});

describe('maxBookingPeriod', () => {
  it('rule: the largest maxrdv_period across the selected calendars', () => {
    expect(
      maxBookingPeriod([{ maxrdv_period: 1000 }, { maxrdv_period: 5000 }, { maxrdv_period: null }], 2000),
    ).toBe(5000);
  });
  it("rule: falls back to the group's", () => {
    expect(maxBookingPeriod([{ maxrdv_period: null }, {}], 2000)).toBe(2000);
    expect(maxBookingPeriod([], 2000)).toBe(2000);
  });
});

describe('datePickerBounds', () => {
  const now = new Date(Date.UTC(2024, 6, 15, 22, 30)); // 16 July 00:30 in Paris

  it('rule: minimum is the first available slot; maximum is now + the period, in the group zone', () => {
    expect(
      datePickerBounds({
        firstSlot: '2024-07-18T09:00',
        now,
        timeZone: 'Europe/Paris',
        periodMinutes: 60 * 24 * 30,
      }),
    ).toEqual({
      min: '2024-07-18',
      max: '2024-08-15',
    });
  });

  it('without a first slot the minimum is today in the group zone', () => {
    expect(datePickerBounds({ firstSlot: null, now, timeZone: 'Europe/Paris', periodMinutes: 60 }).min).toBe(
      '2024-07-16',
    );
    expect(
      datePickerBounds({ firstSlot: null, now, timeZone: 'America/New_York', periodMinutes: 60 }).min,
    ).toBe('2024-07-15');
  });
});

describe('slotNavigation', () => {
  const range = { min: '2024-07-16', max: '2024-08-15' };

  it('rule: previous is disabled on the first slot day', () => {
    expect(
      slotNavigation({ start: '2024-07-16', visibleDays: 7, range, invalidResources: false }).previous,
    ).toBeNull();
  });

  it('previous steps back by the visible days, not before the first slot day', () => {
    expect(
      slotNavigation({ start: '2024-07-30', visibleDays: 7, range, invalidResources: false }).previous,
    ).toBe('2024-07-23');
    expect(
      slotNavigation({ start: '2024-07-19', visibleDays: 7, range, invalidResources: false }).previous,
    ).toBe('2024-07-16');
  });

  it('next steps forward by the visible days', () => {
    expect(slotNavigation({ start: '2024-07-16', visibleDays: 4, range, invalidResources: false }).next).toBe(
      '2024-07-20',
    );
  });

  it('rule: next is disabled beyond the maximum', () => {
    expect(
      slotNavigation({ start: '2024-08-09', visibleDays: 7, range, invalidResources: false }).next,
    ).toBeNull();
    expect(slotNavigation({ start: '2024-08-08', visibleDays: 7, range, invalidResources: false }).next).toBe(
      '2024-08-15',
    );
  });

  it('rule: next is disabled when resources are invalid', () => {
    expect(
      slotNavigation({ start: '2024-07-16', visibleDays: 7, range, invalidResources: true }).next,
    ).toBeNull();
  });
});
