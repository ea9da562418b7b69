import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales.ts';
import { DATE_INPUT_FORMATS, formatLocaleDate, parseLocaleDate } from './locale-date.ts';

describe('parseLocaleDate', () => {
  it.each([
    ['br', '31/12/1990'],
    ['cs', '31.12.1990'],
    ['cs', '31. 12. 1990'],
    ['de', '31.12.1990'],
    ['en', '31/12/1990'],
    ['es', '31/12/1990'],
    ['fr', '31/12/1990'],
    ['hr', '31.12.1990.'],
    ['hr', '31. 12. 1990.'],
    ['hr', '31.12.1990'],
    ['hu', '1990.12.31.'],
    ['hu', '1990. 12. 31.'],
    ['hu', '1990.12.31'],
    ['it', '31/12/1990'],
    ['nl', '31-12-1990'],
    ['pl', '31.12.1990'],
    ['pt', '31/12/1990'],
    ['sk', '31. 12. 1990'],
  ] as const)('%s reads "%s" as 1990-12-31', (locale, text) => {
    expect(parseLocaleDate(text, locale)).toBe('1990-12-31');
  });

  it('accepts one-digit day and month and surrounding spaces', () => {
    expect(parseLocaleDate(' 5/3/2001 ', 'fr')).toBe('2001-03-05');
    expect(parseLocaleDate('2001.3.5.', 'hu')).toBe('2001-03-05');
  });

  it('en is day-first', () => {
    expect(parseLocaleDate('03/05/2001', 'en')).toBe('2001-05-03');
    expect(parseLocaleDate('12/31/1990', 'en')).toBeNull();
  });

  it.each([
    ['fr', '31.12.1990', "another language's separator"],
    ['de', '31/12/1990', "another language's separator"],
    ['nl', '31/12/1990', "another language's separator"],
    ['fr', '1990-12-31', 'ISO order'],
    ['fr', '31/12/90', 'two-digit year'],
    ['fr', '31/12/01990', 'five-digit year'],
    ['fr', '31/12/0990', 'year before 1000'],
    ['fr', '31 / 12 / 1990', 'spaces where the language has none'],
    ['de', '31. 12. 1990', 'spaces where the language has none'],
    ['cs', '31.  12. 1990', 'two spaces'],
    ['fr', '31/12/1990.', 'a final dot where the language has none'],
    ['fr', '29/02/2023', 'a date that does not exist'],
    ['fr', '31/04/2024', 'a date that does not exist'],
    ['fr', '00/01/2024', 'day zero'],
    ['fr', '01/13/2024', 'month 13'],
    ['fr', '1er/01/2024', 'text'],
    ['fr', '', 'empty'],
    ['hu', '31.12.1990', 'day-first in a year-first language'],
    ['fr', '３１/１２/１９９０', 'full-width digits'],
  ] as const)('%s rejects "%s" (%s)', (locale, text, _why) => {
    expect(parseLocaleDate(text, locale)).toBeNull();
  });

  it('accepts 29 February in leap years only', () => {
    expect(parseLocaleDate('29/02/2024', 'fr')).toBe('2024-02-29');
    expect(parseLocaleDate('29/02/2100', 'fr')).toBeNull();
    expect(parseLocaleDate('29/02/2000', 'fr')).toBe('2000-02-29');
  });
});

describe('formatLocaleDate', () => {
  it('writes each language in its own pattern', () => {
    for (const locale of LOCALES) {
      const pattern = DATE_INPUT_FORMATS[locale].pattern;
      const written = formatLocaleDate('1990-12-31', locale)!;
      expect(written, locale).toBe(pattern.replace('DD', '31').replace('MM', '12').replace('YYYY', '1990'));
    }
  });

  it('gives null for a value that is not a stored date', () => {
    expect(formatLocaleDate('31/12/1990', 'fr')).toBeNull();
  });

  it('property: parse(format(date)) is the date, for every language', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...LOCALES),
        (date, locale) => {
          const iso = date.toISOString().slice(0, 10);
          expect(parseLocaleDate(formatLocaleDate(iso, locale)!, locale)).toBe(iso);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('property: whatever is accepted names a real date and formats back to an equivalent text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.stringMatching(/^\d{1,2}[./ -]{1,2}\d{1,2}[./ -]{1,2}\d{4}\.?$/),
        (locale, text) => {
          const iso = parseLocaleDate(text, locale);
          if (iso !== null) {
            expect(parseLocaleDate(formatLocaleDate(iso, locale)!, locale)).toBe(iso);
            expect(new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10)).toBe(iso);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
