import { describe, expect, it } from 'vitest';
import { byName, capitalised, languageNamer } from './language-names.ts';

describe('language names', () => {
  it('capitalises the first letter only, as the locale writes it', () => {
    expect(capitalised('français', 'fr')).toBe('Français');
    expect(capitalised('istanbul', 'tr')).toBe('İstanbul');
    expect(capitalised('', 'en')).toBe('');
    expect(capitalised('éCOLE', 'fr')).toBe('ÉCOLE');
  });

  it('names a language in the page language with a capital', () => {
    expect(languageNamer('fr')('fr')).toBe('Français');
    expect(languageNamer('en')('de')).toBe('German');
  });

  it('orders codes by their names, not by their codes', () => {
    const name = languageNamer('en');
    // English, French, German, Spanish: by code, German (de) would come first.
    expect(byName(['es', 'fr', 'de', 'en'], name, 'en')).toEqual(['en', 'fr', 'de', 'es']);
    const codes = ['b', 'a'];
    byName(codes, (code) => code, 'en');
    expect(codes).toEqual(['b', 'a']);
  });
});
