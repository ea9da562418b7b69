// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale, saveLocale } from './language.ts';

describe('chooseLocale (docs/web-app.md "Language")', () => {
  afterEach(() => {
    document.cookie = 'creneau_locale=; path=/; max-age=0';
  });

  const salon = { groupLocale: 'fr', enabled: 'fr,en,de,es,it' };

  it('follows the locale parameter when the group enables it', () => {
    expect(chooseLocale({ ...salon, param: 'de', browser: ['en-GB'] })).toBe('de');
  });

  it("else the person's saved choice, before the browser's", () => {
    saveLocale('es');
    expect(chooseLocale({ ...salon, param: null, browser: ['de-DE'] })).toBe('es');
    expect(chooseLocale({ ...salon, param: 'it', browser: ['de-DE'] })).toBe('it');
    // A saved language the group does not offer is skipped.
    saveLocale('pl');
    expect(chooseLocale({ ...salon, param: null, browser: ['de-DE'] })).toBe('de');
  });

  it("else the browser's languages the group offers, then the group's own", () => {
    expect(chooseLocale({ ...salon, param: 'pl', browser: ['en-US', 'fr'] })).toBe('en');
    expect(chooseLocale({ ...salon, param: null, browser: ['pl-PL', 'it-IT'] })).toBe('it');
    expect(chooseLocale({ ...salon, param: null, browser: ['pl-PL'] })).toBe('fr');
  });

  it("else the browser's first enabled language", () => {
    expect(
      chooseLocale({ param: null, groupLocale: null, enabled: 'de,en', browser: ['pl-PL', 'de-AT'] }),
    ).toBe('de');
  });

  it('falls back to en, or the first enabled language without en', () => {
    expect(chooseLocale({ param: null, groupLocale: null, enabled: null, browser: ['ja-JP'] })).toBe('en');
    expect(chooseLocale({ param: 'xx', groupLocale: 'nl', enabled: 'fr', browser: [] })).toBe('fr');
  });

  it('offers all 13 languages outside a group', () => {
    expect(chooseLocale({ param: null, groupLocale: null, enabled: null, browser: ['br-FR'] })).toBe('br');
    expect(chooseLocale({ param: 'hr', groupLocale: null, enabled: '', browser: ['en'] })).toBe('hr');
  });
});
