import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choosePageLocale, LOCALES, type Locale, parseAcceptLanguage } from './locales.ts';

const none = { param: null, saved: null, browser: [] as string[] };

describe('choosePageLocale (docs/web-app.md "Language")', () => {
  it('takes the parameter, then the saved choice, then the browser, then the group', () => {
    const enabled: Locale[] = ['fr', 'en', 'de'];
    const base = { groupLocale: 'fr', enabled };
    expect(choosePageLocale({ ...base, param: 'de', saved: 'en', browser: ['en-GB'] })).toBe('de');
    expect(choosePageLocale({ ...base, param: null, saved: 'de', browser: ['en-GB'] })).toBe('de');
    expect(choosePageLocale({ ...base, param: null, saved: null, browser: ['en-GB', 'fr'] })).toBe('en');
    expect(choosePageLocale({ ...base, ...none })).toBe('fr');
  });

  it('skips what the group does not offer', () => {
    const base = { groupLocale: 'nl', enabled: ['nl', 'en'] as Locale[] };
    expect(choosePageLocale({ ...base, param: 'fr', saved: 'de', browser: ['es', 'en-US'] })).toBe('en');
    expect(choosePageLocale({ ...base, param: 'fr', saved: 'de', browser: ['es'] })).toBe('nl');
  });

  it('gives the same answer for two groups offering the same languages, whatever their own', () => {
    const locale = fc.constantFrom(...LOCALES);
    fc.assert(
      fc.property(
        fc.uniqueArray(locale, { minLength: 1 }),
        fc.array(locale, { minLength: 1 }),
        (enabled, browser) => {
          fc.pre(enabled.some((l) => browser.includes(l)));
          const answers = enabled.map((groupLocale) =>
            choosePageLocale({ param: null, saved: null, browser, groupLocale, enabled }),
          );
          expect(new Set(answers).size).toBe(1);
          expect(answers[0]).toBe(browser.find((l) => enabled.includes(l)));
        },
      ),
    );
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by weight, keeps ties in order, drops q=0 and *', () => {
    expect(parseAcceptLanguage('de;q=0.5, en-US,en;q=0.9, fr;q=0, *;q=0.1')).toEqual(['en-US', 'en', 'de']);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});
