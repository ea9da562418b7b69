import { describe, expect, it } from 'vitest';
import { hasOpeningHours, isOpenAt, openingRows, wallClockNow } from './opening-hours.ts';

const hours = {
  mon: [],
  tue: [
    ['13:30', '19:00'],
    ['09:30', '12:30'],
    ['19:30', '21:00'],
  ] as [string, string][],
  sat: [['09:00', '17:00']] as [string, string][],
};

describe('opening hours (docs/requirements/booking-flow.md §2 screen 7, §9)', () => {
  it('has seven rows from Monday to Sunday, closed days empty', () => {
    const rows = openingRows(hours, 'sat');
    expect(rows.map((r) => r.day)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(rows[0]!.ranges).toEqual([]);
    expect(rows[6]!.ranges).toEqual([]);
    expect(rows.filter((r) => r.today).map((r) => r.day)).toEqual(['sat']);
  });

  it('shows at most two ranges a day, in order', () => {
    expect(openingRows(hours, null)[1]!.ranges).toEqual([
      ['09:30', '12:30'],
      ['13:30', '19:00'],
    ]);
  });

  it('names each row with a date of that weekday', () => {
    const rows = openingRows(hours, null);
    for (const [i, row] of rows.entries())
      expect(new Date(`${row.referenceDate}T12:00:00Z`).getUTCDay()).toBe((i + 1) % 7);
  });

  it('is open inside a range, not at its end', () => {
    expect(isOpenAt(hours, 'tue', 9 * 60 + 30)).toBe(true);
    expect(isOpenAt(hours, 'tue', 12 * 60 + 30)).toBe(false);
    expect(isOpenAt(hours, 'mon', 10 * 60)).toBe(false);
  });

  it("reads the group's wall clock, not the visitor's", () => {
    // 2025-03-14 23:30 UTC is Saturday 00:30 in Paris and Friday 19:30 in New York.
    const instant = new Date('2025-03-14T23:30:00Z');
    expect(wallClockNow(instant, 'Europe/Paris')).toEqual({ day: 'sat', minutes: 30 });
    expect(wallClockNow(instant, 'America/New_York')).toEqual({ day: 'fri', minutes: 19 * 60 + 30 });
  });

  it('knows when there is nothing to show', () => {
    expect(hasOpeningHours({ mon: [] })).toBe(false);
    expect(hasOpeningHours(undefined)).toBe(false);
    expect(hasOpeningHours(hours)).toBe(true);
  });
});
