/**
 * Every language file has exactly the English keys (with the plural forms its language needs),
 * the same {{placeholders}}, no empty text, and no English left in place of a translation — except
 * the few values that are the same in both languages by nature (allow-list below, with reasons).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '@creneau/core/locales';
import { describe, expect, it } from 'vitest';

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

const load = (locale: string) => flatten(JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')));
const english = load('en');
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
};

function allowed(key: string, locale: Locale): boolean {
  const rule = SAME_AS_ENGLISH[key.replace(PLURAL, '')];
  return rule === '*' || (rule?.includes(locale) ?? false);
}

describe('locale files', () => {
  it('exist for exactly the 13 interface languages', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    describe(locale, () => {
      const messages = load(locale);
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

      it('has every key and no extra key, with its plural forms', () => {
        const expected = new Set<string>();
        for (const key of english.keys()) {
          const base = key.replace(PLURAL, '');
          if (pluralBases.has(base)) for (const form of categories) expected.add(`${base}_${form}`);
          else expected.add(key);
        }
        const actual = new Set(messages.keys());
        expect(
          [...expected].filter((k) => !actual.has(k)),
          'missing keys',
        ).toEqual([]);
        expect(
          [...actual].filter((k) => !expected.has(k)),
          'extra keys',
        ).toEqual([]);
      });

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
