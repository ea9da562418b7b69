import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isoWeekdayOf,
  isRealDate,
  parseIsoDate,
  startOfIsoWeek,
  toIsoDate,
} from './calendar-date.ts';

describe('calendar dates', () => {
  it('knows leap years', () => {
    expect(isRealDate({ year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isRealDate({ year: 2023, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 1900, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 2000, month: 2, day: 29 })).toBe(true);
    expect(isRealDate({ year: 2024, month: 4, day: 31 })).toBe(false);
    expect(isRealDate({ year: 2024, month: 12, day: 31 })).toBe(true);
  });

  it('addDays crosses months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-07-15', 0)).toBe('2024-07-15');
    expect(() => addDays('2024-02-30', 1)).toThrow(RangeError);
  });

  it('weekdays, weeks and distances, across DST changes and years', () => {
    expect(isoWeekdayOf('2026-12-01')).toBe(2);
    expect(isoWeekdayOf('2026-12-06')).toBe(7);
    expect(isoWeekdayOf('1969-12-29')).toBe(1);
    expect(startOfIsoWeek('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(startOfIsoWeek('2026-11-23')).toBe('2026-11-23');
    expect(startOfIsoWeek('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(startOfIsoWeek('2027-01-01')).toBe('2026-12-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // over the spring change in Europe
    expect(daysBetween('2027-01-01', '2026-12-30')).toBe(-2);
    expect(() => isoWeekdayOf('2026-02-30')).toThrow(RangeError);
  });

  it('property: the week start is a Monday at most six days before, and Date agrees on the weekday', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-08T00:00:00Z'),
          max: new Date('9999-12-24T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(isoWeekdayOf(iso)).toBe(((date.getUTCDay() + 6) % 7) + 1);
          const monday = startOfIsoWeek(iso);
          expect(isoWeekdayOf(monday)).toBe(1);
          expect(daysBetween(monday, iso)).toBe(isoWeekdayOf(iso) - 1);
          expect(addDays(monday, daysBetween(monday, iso))).toBe(iso);
        },
      ),
    );
  });

  it('refuses impossible dates and years that are not four digits', () => {
    expect(isRealDate({ year: 2023, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 2024, month: 13, day: 1 })).toBe(false);
    expect(isRealDate({ year: 2024, month: 0, day: 1 })).toBe(false);
    expect(isRealDate({ year: 2024, month: 1, day: 0 })).toBe(false);
    expect(isRealDate({ year: 999, month: 1, day: 1 })).toBe(false);
    expect(isRealDate({ year: 2024, month: 1.5, day: 1 })).toBe(false);
  });

  it('parses only strict YYYY-MM-DD', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of ['2023-02-29', '2024-2-29', '24-02-29', '2024-02-29 ', '2024/02/29', '']) {
      expect(parseIsoDate(bad), bad).toBeNull();
    }
  });

  it('property: agrees with Date for every day between 1000 and 9999', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const parts = parseIsoDate(iso);
          expect(parts).not.toBeNull();
          expect(toIsoDate(parts!)).toBe(iso);
        },
      ),
    );
  });

  it('property: isRealDate matches the Date round trip', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const d = new Date(Date.UTC(year, month - 1, day));
          const roundTrips = d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
          expect(isRealDate({ year, month, day })).toBe(roundTrips);
        },
      ),
    );
  });
});
