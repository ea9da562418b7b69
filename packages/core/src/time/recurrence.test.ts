import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { civilFromDay, dayFromCivil, dayOfIsoDate, isoDateOfDay, isoWeekdayOfDay } from './civil-day.ts';
import { countOccurrences, occurrencesOf, type Repetition, repetitionDays } from './recurrence.ts';

const LIMIT = 104;
/** A start day between 2020 and 2035. */
const startDay = fc.integer({ min: dayFromCivil(2020, 1, 1), max: dayFromCivil(2035, 12, 31) });
const rule = fc.record({
  every: fc.constantFrom('day' as const, 'week' as const, 'month' as const),
  interval: fc.integer({ min: 1, max: 12 }),
  span: fc.integer({ min: 0, max: 900 }),
  weekdays: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), {
    nil: undefined,
  }),
  monthBy: fc.constantFrom('day' as const, 'weekday' as const),
});

describe('repetitionDays', () => {
  it('starts with the first day, stays in order, within the dates, and under the limit', () => {
    fc.assert(
      fc.property(startDay, rule, (first, r) => {
        const repetition: Repetition = { ...r, until: isoDateOfDay(first + r.span) };
        const days = repetitionDays(first, repetition, LIMIT);
        const firstOccurs = r.every !== 'week' || !r.weekdays || r.weekdays.includes(isoWeekdayOfDay(first));
        if (firstOccurs) expect(days[0]).toBe(first);
        expect(days.length).toBeLessThanOrEqual(LIMIT);
        for (const [index, day] of days.entries()) {
          expect(day).toBeGreaterThanOrEqual(first);
          expect(day).toBeLessThanOrEqual(first + r.span);
          if (index > 0) expect(day).toBeGreaterThan(days[index - 1]!);
        }
      }),
    );
  });

  it('spaces daily occurrences by the interval, and misses none', () => {
    fc.assert(
      fc.property(
        startDay,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 400 }),
        (first, interval, span) => {
          const days = repetitionDays(
            first,
            { every: 'day', interval, until: isoDateOfDay(first + span) },
            1000,
          );
          expect(days).toEqual(
            Array.from({ length: Math.floor(span / interval) + 1 }, (_, k) => first + k * interval),
          );
        },
      ),
    );
  });

  it('keeps weekly occurrences on the chosen weekdays, in weeks `interval` apart', () => {
    fc.assert(
      fc.property(startDay, rule, (first, r) => {
        const weekdays = r.weekdays ?? [isoWeekdayOfDay(first)];
        const days = repetitionDays(
          first,
          { every: 'week', interval: r.interval, weekdays, until: isoDateOfDay(first + r.span) },
          LIMIT,
        );
        const monday = first - (isoWeekdayOfDay(first) - 1);
        for (const day of days) {
          expect(weekdays).toContain(isoWeekdayOfDay(day));
          expect(Math.floor((day - monday) / 7) % r.interval).toBe(0);
        }
        // None missed: every chosen weekday of every counted week is there (up to the limit).
        if (days.length < LIMIT) {
          let expected = 0;
          for (let day = first; day <= first + r.span; day++)
            if (weekdays.includes(isoWeekdayOfDay(day)) && Math.floor((day - monday) / 7) % r.interval === 0)
              expected++;
          expect(days.length).toBe(expected);
        }
      }),
    );
  });

  it('keeps monthly occurrences on the same day of the month, skipping months without it', () => {
    fc.assert(
      fc.property(startDay, rule, (first, r) => {
        const days = repetitionDays(
          first,
          { every: 'month', interval: r.interval, monthBy: 'day', until: isoDateOfDay(first + r.span) },
          LIMIT,
        );
        const [year, month, dayOfMonth] = civilFromDay(first);
        for (const day of days) {
          const [y, m, d] = civilFromDay(day);
          expect(d).toBe(dayOfMonth);
          expect((y * 12 + m - (year * 12 + month)) % r.interval).toBe(0);
        }
      }),
    );
  });

  it('keeps monthly occurrences on the same weekday and the same week of the month (or the last)', () => {
    fc.assert(
      fc.property(startDay, rule, (first, r) => {
        const days = repetitionDays(
          first,
          { every: 'month', interval: r.interval, monthBy: 'weekday', until: isoDateOfDay(first + r.span) },
          LIMIT,
        );
        const nth = Math.ceil(civilFromDay(first)[2] / 7);
        for (const day of days) {
          expect(isoWeekdayOfDay(day)).toBe(isoWeekdayOfDay(first));
          const [y, m, d] = civilFromDay(day);
          if (nth < 5) expect(Math.ceil(d / 7)).toBe(nth);
          // The last one of its month: a week later is the next month.
          else expect(civilFromDay(day + 7)[1]).not.toBe(m);
          expect(y).toBeGreaterThanOrEqual(civilFromDay(first)[0]);
        }
      }),
    );
  });

  it('names the examples people use', () => {
    const days = (from: string, repetition: Omit<Repetition, 'interval'> & { interval?: number }) =>
      repetitionDays(dayOfIsoDate(from)!, { interval: 1, ...repetition }, LIMIT).map(isoDateOfDay);
    // Every other Monday and Thursday, from Monday 30 November 2026.
    expect(days('2026-11-30', { every: 'week', interval: 2, weekdays: [1, 4], until: '2026-12-31' })).toEqual(
      ['2026-11-30', '2026-12-03', '2026-12-14', '2026-12-17', '2026-12-28', '2026-12-31'],
    );
    // The 31st: only the months that have one.
    expect(days('2027-01-31', { every: 'month', until: '2027-08-31' })).toEqual([
      '2027-01-31',
      '2027-03-31',
      '2027-05-31',
      '2027-07-31',
      '2027-08-31',
    ]);
    // The last Friday (29 January 2027 is the fifth Friday of January).
    expect(days('2027-01-29', { every: 'month', monthBy: 'weekday', until: '2027-04-30' })).toEqual([
      '2027-01-29',
      '2027-02-26',
      '2027-03-26',
      '2027-04-30',
    ]);
    // The second Tuesday.
    expect(days('2026-12-08', { every: 'month', monthBy: 'weekday', until: '2027-03-31' })).toEqual([
      '2026-12-08',
      '2027-01-12',
      '2027-02-09',
      '2027-03-09',
    ]);
  });
});

describe('occurrencesOf', () => {
  it('keeps the first occurrence times and length, across midnight and at 24:00', () => {
    expect(
      occurrencesOf(
        '2026-12-04T22:00',
        '2026-12-05T06:00',
        { every: 'day', interval: 3, until: '2026-12-10' },
        LIMIT,
      ),
    ).toEqual([
      { from: '2026-12-04T22:00', to: '2026-12-05T06:00' },
      { from: '2026-12-07T22:00', to: '2026-12-08T06:00' },
      { from: '2026-12-10T22:00', to: '2026-12-11T06:00' },
    ]);
    // Across the end of March (the DST change in Europe): the wall clock is kept as is.
    expect(
      occurrencesOf(
        '2027-03-27T14:00',
        '2027-03-27T24:00',
        { every: 'day', interval: 1, until: '2027-03-28' },
        LIMIT,
      ),
    ).toEqual([
      { from: '2027-03-27T14:00', to: '2027-03-28T00:00' },
      { from: '2027-03-28T14:00', to: '2027-03-29T00:00' },
    ]);
    expect(occurrencesOf('2026-12-04T09:00', '2026-12-04T10:00', undefined, LIMIT)).toHaveLength(1);
  });

  it('counts one past the limit, so that a rule making too many is refused', () => {
    expect(
      countOccurrences('2026-01-01T09:00', { every: 'day', interval: 1, until: '2030-01-01' }, LIMIT),
    ).toBe(LIMIT + 1);
    expect(
      countOccurrences('2026-01-01T09:00', { every: 'week', interval: 1, until: '2026-12-31' }, LIMIT),
    ).toBe(53);
  });
});
