import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  civilFromDay,
  dayFromCivil,
  dayOfIsoDate,
  formatUtcOffset,
  isoDateOfDay,
  isoWeekdayOfDay,
  parseLocalDateTime,
} from './civil-day.ts';

describe('day numbers', () => {
  it('agree with Date.UTC for any date from year 1 to 9999', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const day = Math.floor(date.getTime() / 86_400_000);
          const iso = date.toISOString().slice(0, 10);
          expect(isoDateOfDay(day)).toBe(iso);
          expect(dayOfIsoDate(iso)).toBe(day);
          expect(dayFromCivil(...civilFromDay(day))).toBe(day);
          expect(isoWeekdayOfDay(day)).toBe(((new Date(day * 86_400_000).getUTCDay() + 6) % 7) + 1);
        },
      ),
    );
  });

  it('know 1970-01-01 was a Thursday and refuse dates that do not exist', () => {
    expect(isoWeekdayOfDay(0)).toBe(4);
    expect(isoWeekdayOfDay(dayOfIsoDate('2026-11-23')!)).toBe(1);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '26-01-01', '2026-1-1', '']) {
      expect(dayOfIsoDate(bad)).toBeUndefined();
    }
    expect(dayOfIsoDate('2024-02-29')).toBeDefined();
  });
});

describe('local date-times', () => {
  it('read "YYYY-MM-DD HH:MM[:SS]" to the minute, rounding seconds as asked', () => {
    const day = dayOfIsoDate('2026-11-23')! * 1440;
    expect(parseLocalDateTime('2026-11-23 09:15:00')).toBe(day + 555);
    expect(parseLocalDateTime('2026-11-23T09:15')).toBe(day + 555);
    expect(parseLocalDateTime('2026-11-23 09:15:30')).toBe(day + 555);
    expect(parseLocalDateTime('2026-11-23 09:15:30', true)).toBe(day + 556);
    for (const bad of ['2026-11-23 24:00:00', '2026-11-23 09:60', '2026-02-30 10:00', '2026-11-23', 'x']) {
      expect(parseLocalDateTime(bad)).toBeUndefined();
    }
  });

  it('write UTC offsets as ±HH:MM', () => {
    expect(formatUtcOffset(60)).toBe('+01:00');
    expect(formatUtcOffset(0)).toBe('+00:00');
    expect(formatUtcOffset(-180)).toBe('-03:00');
    expect(formatUtcOffset(630)).toBe('+10:30');
    expect(formatUtcOffset(-570)).toBe('-09:30');
  });
});
