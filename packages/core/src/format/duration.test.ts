import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales.ts';
import { formatDuration } from './duration.ts';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDuration', () => {
  it('under an hour: minutes', () => {
    expect(plain(formatDuration(45, 'fr'))).toBe('45 min');
    expect(plain(formatDuration(45, 'en'))).toBe('45 mins'); // en-GB
    expect(plain(formatDuration(0, 'fr'))).toBe('0 min');
  });

  it('from 60 minutes: hours and minutes, "1 h 30" in French and Breton', () => {
    expect(plain(formatDuration(60, 'fr'))).toBe('1 h');
    expect(plain(formatDuration(90, 'fr'))).toBe('1 h 30');
    expect(plain(formatDuration(65, 'fr'))).toBe('1 h 05');
    expect(plain(formatDuration(150, 'br'))).toBe('2 h 30');
  });

  it('other languages name both units', () => {
    expect(plain(formatDuration(90, 'en'))).toBe('1 hr 30 mins');
    expect(plain(formatDuration(90, 'de'))).toBe('1 Std. 30 Min.');
    expect(plain(formatDuration(120, 'de'))).toBe('2 Std.');
  });

  it('refuses negative or fractional minutes', () => {
    expect(() => formatDuration(-1, 'fr')).toThrow(RangeError);
    expect(() => formatDuration(1.5, 'fr')).toThrow(RangeError);
  });

  it('property: the numbers shown are the hours and the remaining minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 }), fc.constantFrom(...LOCALES), (minutes, locale) => {
        const numbers = (plain(formatDuration(minutes, locale)).match(/\d+/g) ?? []).map(Number);
        if (minutes < 60) expect(numbers).toEqual([minutes]);
        else if (minutes % 60 === 0) expect(numbers).toEqual([minutes / 60]);
        else expect(numbers).toEqual([Math.floor(minutes / 60), minutes % 60]);
      }),
    );
  });
});
