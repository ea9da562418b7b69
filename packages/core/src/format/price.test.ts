import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales.ts';
import { formatPrice } from './price.ts';

// Intl separates groups and symbols with no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it('shows cents with 2 decimals in the currency and language', () => {
    expect(plain(formatPrice(1250, 'EUR', 'fr'))).toBe('12,50 €');
    expect(plain(formatPrice(123456, 'EUR', 'de'))).toBe('1.234,56 €');
    expect(plain(formatPrice(1250, 'EUR', 'en'))).toBe('€12.50');
    expect(plain(formatPrice(1250, 'GBP', 'en'))).toBe('£12.50');
    expect(plain(formatPrice(1250, 'CHF', 'fr'))).toBe('12,50 CHF');
    expect(plain(formatPrice(0, 'EUR', 'fr'))).toBe('0,00 €');
  });

  it('2 decimals even for currencies without minor units', () => {
    expect(plain(formatPrice(1250, 'JPY', 'en'))).toMatch(/12\.50/);
  });

  it('negative amounts (discount lines)', () => {
    expect(plain(formatPrice(-500, 'EUR', 'fr'))).toBe('-5,00 €');
  });

  it('Breton prints a price French-style whether or not the runtime has br', () => {
    expect(plain(formatPrice(123456, 'EUR', 'br'))).toBe('1 234,56 €');
  });

  it('refuses non-finite amounts and malformed currencies', () => {
    expect(() => formatPrice(Number.NaN, 'EUR', 'fr')).toThrow(RangeError);
    expect(() => formatPrice(100, 'EURO', 'fr')).toThrow(RangeError);
  });

  it('property: every language shows exactly two decimals of the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(...LOCALES), (cents, locale) => {
        const digits = formatPrice(cents, 'EUR', locale).replace(/\D/g, '');
        expect(digits).toBe(String(cents).padStart(3, '0'));
      }),
    );
  });
});
