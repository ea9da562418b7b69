import { describe, expect, it } from 'vitest';
import { createAbsenceFormat } from './absence-format.ts';

const format = createAbsenceFormat('en');
const entry = (starts_local: string, ends_local: string, wholeDays = false) => ({
  starts_local,
  ends_local,
  wholeDays,
});

describe('when an absence is', () => {
  it('reads as a day and its hours, whole days, or a span until midnight', () => {
    expect(format.when(entry('2026-12-01T13:30', '2026-12-01T19:00'))).toMatch(
      /^Tuesday,? 1 December 2026, 13:30\s*–\s*19:00$/,
    );
    expect(format.when(entry('2026-12-25T00:00', '2026-12-26T00:00', true))).toMatch(
      /^Friday,? 25 December 2026$/,
    );
    expect(format.when(entry('2026-12-28T00:00', '2027-01-03T00:00', true))).toMatch(
      /28 December 2026\s*–.*2 January 2027$/,
    );
    expect(format.when(entry('2026-12-24T17:00', '2026-12-27T00:00'))).toMatch(
      /^Thu,? 24 Dec,? 17:00 – Sat,? 26 Dec$/,
    );
    expect(format.when(entry('2026-12-24T17:00', '2026-12-25T00:00'))).toMatch(
      /24 December 2026, 17:00 – 24:00$/,
    );
  });

  it('names months, weekdays and countries in the language', () => {
    expect(format.month('2027-01')).toBe('January 2027');
    expect(createAbsenceFormat('fr').weekdayLong(1)).toBe('lundi');
    expect(format.country('FR')).toBe('France');
  });
});
