import { describe, expect, it } from 'vitest';
import { chooseLocale } from './language.ts';

describe('chooseLocale (spec 000 §1, §9)', () => {
  const salon = { groupLocale: 'fr', enabled: 'fr,en,de,es,it' };

  it('follows the locale parameter when the group enables it', () => {
    expect(chooseLocale({ ...salon, param: 'de', browser: ['en-GB'] })).toBe('de');
  });

  it("else the group's locale, before the browser's", () => {
    expect(chooseLocale({ ...salon, param: 'pl', browser: ['de-DE'] })).toBe('fr');
    expect(chooseLocale({ ...salon, param: null, browser: ['it-IT'] })).toBe('fr');
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
