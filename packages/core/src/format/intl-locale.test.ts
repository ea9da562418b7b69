import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales.ts';
import { intlLocale, resolveIntlLocale, runtimeSupports } from './intl-locale.ts';

describe('resolveIntlLocale', () => {
  it('uses European conventions for en and pt', () => {
    expect(resolveIntlLocale('en', () => true)).toBe('en-GB');
    expect(resolveIntlLocale('pt', () => true)).toBe('pt-PT');
    expect(resolveIntlLocale('fr', () => true)).toBe('fr');
  });

  it('Breton uses br when the runtime has it', () => {
    expect(resolveIntlLocale('br', () => true)).toBe('br');
  });

  it('Breton falls back to fr-FR when the runtime lacks it (browsers with trimmed ICU)', () => {
    const tag = resolveIntlLocale('br', (t) => t !== 'br');
    expect(tag).toBe('fr-FR');
    const july = new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2024, 6, 15),
    );
    expect(july).toBe('juillet');
  });

  it('other languages keep their tag even when unsupported (Intl then uses its default)', () => {
    expect(resolveIntlLocale('hr', () => false)).toBe('hr');
  });
});

describe('intlLocale in this runtime', () => {
  it('gives a tag Intl accepts for every language', () => {
    for (const locale of LOCALES) {
      const tag = intlLocale(locale);
      expect(() => new Intl.DateTimeFormat(tag)).not.toThrow();
      expect(intlLocale(locale)).toBe(tag);
    }
  });

  it('agrees with runtimeSupports for br', () => {
    expect(intlLocale('br')).toBe(runtimeSupports('br') ? 'br' : 'fr-FR');
  });
});
