/**
 * Every part of every language (locales/<part>/<lang>.json) has exactly the keys of the English
 * file of that part (with the plural forms its language needs), the same {{placeholders}}, no
 * empty text, and no English left in place of a translation — except the few values that are the
 * same in both languages by nature (allow-list below, with reasons). A top-level group of keys
 * lives in one part only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '@creneau/core/locales';
import { describe, expect, it } from 'vitest';
import { PARTS } from './i18n.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const read = (part: string, locale: string): Tree =>
  JSON.parse(readFileSync(path.join(dir, part, `${locale}.json`), 'utf8'));
const load = (part: string, locale: string) => flatten(read(part, locale));
/** English, every part together (keys are unique across parts). */
const english = new Map(PARTS.flatMap((part) => [...load(part, 'en')]));
const pluralBases = new Set(
  [...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Values allowed to equal the English text, per key: '*' for every language, else the languages
 * where the word really is the same.
 */
const SAME_AS_ENGLISH: Record<string, '*' | readonly Locale[]> = {
  // Brand and years only.
  'footer.copyright': '*',
  // Numbers and times only.
  'booking.item.promotion': '*',
  'home.range': '*',
  // "OK" is the word in these languages' interfaces.
  'common.ok': ['de', 'fr', 'it'],
  // Spanish and Italian say "No".
  'common.no': ['es', 'it'],
  'admin.detail.answerNo': ['es', 'it'],
  // The same preposition "in".
  'seo.in': ['de'],
  // The product is called Google Calendar in these languages.
  'popups.addToCalendar.google': ['es', 'it'],
  // "Professional" is the Dutch word as well.
  'header.pro': ['nl'],
  'header.proLabel': ['nl'],
  // Same spelling in English and French.
  'popups.alert.title': ['fr'],
  'home.gallery': ['fr'],
  // "E-mail" is the word in these languages.
  'home.email': ['cs', 'fr', 'hu', 'it', 'nl', 'pl', 'pt', 'sk'],
  // "Promotions" is spelt the same in French.
  'admin.settings.offers.promotions': ['fr'],
  // "Minutes" is spelt the same in French.
  'admin.settings.rules.units.minutes': ['fr'],
  // "Password" is the Italian word too.
  'account.signup.fields.password': ['it'],
  // "Logo" and "Text" are the words in these languages.
  'admin.settings.theme.logo.legend': ['br', 'cs', 'de', 'fr', 'it', 'nl', 'pl', 'sk'],
  'admin.settings.theme.colours.text': ['cs', 'de', 'sk'],
  // "Latitude" and "Longitude" are the French and Portuguese words.
  'admin.settings.site.fields.lat': ['fr', 'pt'],
  'admin.settings.site.fields.lng': ['fr', 'pt'],
  // "Mini-site" is the French word too.
  'admin.settings.site.title': ['fr'],
  // These languages use the English word "webhooks" (docs/webhooks.md).
  'admin.sections.webhooks': ['de', 'es', 'fr', 'nl', 'pt'],
};

function allowed(key: string, locale: Locale): boolean {
  const rule = SAME_AS_ENGLISH[key.replace(PLURAL, '')];
  return rule === '*' || (rule?.includes(locale) ?? false);
}

describe('locale files', () => {
  it('are the parts the app loads, nothing else', () => {
    const parts = readdirSync(dir, { withFileTypes: true });
    expect(parts.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
    expect(parts.map((entry) => entry.name).sort()).toEqual([...PARTS].sort());
  });

  for (const part of PARTS) {
    it(`${part}: one file for each of the 13 interface languages`, () => {
      const files = readdirSync(path.join(dir, part))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(files).toEqual([...LOCALES].sort());
    });
  }

  it('put each top-level group of keys in one part only', () => {
    const groups = PARTS.flatMap((part) => Object.keys(read(part, 'en')));
    expect(groups.filter((group, i) => groups.indexOf(group) !== i)).toEqual([]);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    describe(locale, () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

      for (const part of PARTS) {
        it(`${part}: has every key and no extra key, with its plural forms`, () => {
          const expected = new Set<string>();
          for (const key of load(part, 'en').keys()) {
            const base = key.replace(PLURAL, '');
            if (pluralBases.has(base)) for (const form of categories) expected.add(`${base}_${form}`);
            else expected.add(key);
          }
          const actual = new Set(load(part, locale).keys());
          expect(
            [...expected].filter((k) => !actual.has(k)),
            'missing keys',
          ).toEqual([]);
          expect(
            [...actual].filter((k) => !expected.has(k)),
            'extra keys',
          ).toEqual([]);
        });
      }

      const messages = new Map(PARTS.flatMap((part) => [...load(part, locale)]));

      it('keeps the placeholders of the English text', () => {
        const wrong = [...messages].filter(([key, value]) => {
          const source = english.get(key) ?? english.get(`${key.replace(PLURAL, '')}_other`) ?? '';
          return placeholders(value).join() !== placeholders(source).join();
        });
        expect(wrong.map(([key]) => key)).toEqual([]);
      });

      it('translates every text (no empty value, no English copy outside the allow-list)', () => {
        const empty = [...messages].filter(([, value]) => value.trim() === '').map(([key]) => key);
        expect(empty, 'empty values').toEqual([]);
        const copies = [...messages]
          .filter(([key, value]) => {
            const source = english.get(key) ?? english.get(`${key.replace(PLURAL, '')}_other`);
            return source !== undefined && value === source && !allowed(key, locale);
          })
          .map(([key]) => key);
        expect(copies, 'untranslated (same as English)').toEqual([]);
      });
    });
  }

  it('the allow-list only names keys that exist', () => {
    const bases = new Set([...english.keys()].map((k) => k.replace(PLURAL, '')));
    expect(Object.keys(SAME_AS_ENGLISH).filter((k) => !bases.has(k))).toEqual([]);
  });
});
