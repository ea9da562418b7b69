import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normalizeReferenceNumber,
  parseReferenceNumbers,
  validateReferenceNumber,
} from './reference-number.ts';

describe('reference number (str9)', () => {
  it('accepts one code of 10 upper-case letters or digits', () => {
    expect(parseReferenceNumbers('AB12CD34EF')).toEqual(['AB12CD34EF']);
    expect(validateReferenceNumber('0123456789')).toBeNull();
  });

  it('upper-cases before checking', () => {
    expect(parseReferenceNumbers('ab12cd34ef')).toEqual(['AB12CD34EF']);
    expect(normalizeReferenceNumber('  ab12cd34ef ')).toBe('AB12CD34EF');
  });

  it.each([',', ';', ':', '-', '/', '.', ' ', ', ', ' / ', '  '])(
    'accepts codes separated by "%s"',
    (sep) => {
      expect(parseReferenceNumbers(`AAAAAAAAAA${sep}BBBBBBBBBB${sep}1234567890`)).toEqual([
        'AAAAAAAAAA',
        'BBBBBBBBBB',
        '1234567890',
      ]);
    },
  );

  it.each([
    ['empty', ''],
    ['9 characters', 'AB12CD34E'],
    ['11 characters', 'AB12CD34EF1'],
    ['codes run together', 'AAAAAAAAAABBBBBBBBBB'],
    ['a second code too short', 'AAAAAAAAAA,BBB'],
    ['leading separator', ',AAAAAAAAAA'],
    ['trailing separator', 'AAAAAAAAAA,'],
    ['other separator', 'AAAAAAAAAA_BBBBBBBBBB'],
    ['accented letter', 'ÉAAAAAAAAA'],
    ['ß that toUpperCase would turn into SS', 'AAAAAAAAß'],
    ['ligature ﬁ', 'AAAAAAAAﬁ'],
    ['tab separator', 'AAAAAAAAAA\tBBBBBBBBBB'],
  ])('rejects %s with formatAnts', (_why, value) => {
    expect(validateReferenceNumber(value)).toBe('formatAnts');
    expect(parseReferenceNumbers(value)).toBeNull();
  });

  it('property: any list of valid codes joined by valid separators parses back to the codes', () => {
    const code = fc.stringMatching(/^[A-Za-z0-9]{10}$/);
    const sep = fc.stringMatching(/^[,;:\-/. ]{1,3}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(code, sep), { minLength: 1, maxLength: 5 }), (parts) => {
        const text = parts.map(([c, s], i) => (i < parts.length - 1 ? c + s : c)).join('');
        expect(parseReferenceNumbers(text)).toEqual(parts.map(([c]) => c.toUpperCase()));
      }),
    );
  });
});
