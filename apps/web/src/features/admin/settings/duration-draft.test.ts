import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DurationUnit,
  durationDraft,
  durationProblem,
  durationWords,
  minutesOf,
  UNIT_MINUTES,
  unitFor,
  unitsShown,
} from './duration-draft.ts';

const NOTICE_UNITS: DurationUnit[] = ['minutes', 'hours', 'days'];

describe('durations in hours and days', () => {
  it('shows a stored value in the largest unit that divides it', () => {
    expect(durationDraft(120, NOTICE_UNITS)).toEqual({ amount: '2', unit: 'hours' });
    expect(durationDraft(1440, NOTICE_UNITS)).toEqual({ amount: '1', unit: 'days' });
    expect(durationDraft(90, NOTICE_UNITS)).toEqual({ amount: '90', unit: 'minutes' });
    expect(durationDraft(0, NOTICE_UNITS)).toEqual({ amount: '0', unit: 'minutes' });
    expect(durationDraft(20_160, ['hours', 'days', 'weeks'])).toEqual({ amount: '2', unit: 'weeks' });
    // 90 minutes has no whole number of hours: the field offers minutes for it.
    expect(unitFor(90, ['hours', 'days'])).toBe('minutes');
    expect(unitsShown(['hours', 'days'], 'minutes')).toEqual(['minutes', 'hours', 'days']);
  });

  it('property: reading then writing an untouched value gives the same minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), fc.boolean(), (minutes, horizon) => {
        const units: DurationUnit[] = horizon ? ['hours', 'days', 'weeks'] : NOTICE_UNITS;
        const draft = durationDraft(minutes, units);
        expect(durationProblem(draft, 0, 2_000_000)).toBeNull();
        expect(minutesOf(draft)).toBe(minutes);
        expect(unitsShown(units, draft.unit)).toContain(draft.unit);
      }),
    );
  });

  it('reads decimals with a point or a comma, refuses what is no whole number of minutes or out of range', () => {
    expect(minutesOf({ amount: '1,5', unit: 'hours' })).toBe(90);
    expect(minutesOf({ amount: ' 2.25 ', unit: 'days' })).toBe(3240);
    expect(durationProblem({ amount: '', unit: 'hours' }, 0, 100)).toBe('number');
    expect(durationProblem({ amount: '-1', unit: 'hours' }, 0, 100)).toBe('number');
    expect(durationProblem({ amount: '2 h', unit: 'hours' }, 0, 100)).toBe('number');
    expect(durationProblem({ amount: '0.3', unit: 'minutes' }, 0, 100)).toBe('whole');
    expect(durationProblem({ amount: '2', unit: 'hours' }, 0, 100)).toBe('range');
    expect(durationProblem({ amount: '30', unit: 'minutes' }, 60, 100)).toBe('range');
  });

  it('property: a problem is found exactly when the minutes are out of [min, max]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.constantFrom<DurationUnit>('minutes', 'hours', 'days', 'weeks'),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (amount, unit, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const minutes = amount * UNIT_MINUTES[unit];
          const inside = minutes >= min && minutes <= max;
          expect(durationProblem({ amount: String(amount), unit }, min, max)).toBe(inside ? null : 'range');
        },
      ),
    );
  });

  it('words a bound in the page language', () => {
    expect(durationWords(60, 'en')).toBe('1 hour');
    expect(durationWords(731 * 1440, 'en')).toBe('731 days');
    expect(durationWords(90, 'fr')).toBe('90 minutes');
  });
});
