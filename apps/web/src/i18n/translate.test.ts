/**
 * The translation rules (docs/decisions/015-own-translation-module.md): values go in as they are
 * and are never read again, a count picks the form Intl.PluralRules names for the text's language,
 * and a key missing from a language is taken from the next source, else not found.
 */
import { LOCALES } from '@creneau/core/locales';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findText,
  interpolate,
  pluralCategory,
  type TextSource,
  type Texts,
  translate,
} from './translate.ts';

const name = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,8}$/);
/** Text around placeholders: anything without braces, so it holds no placeholder of its own. */
const prose = fc.string({ maxLength: 12 }).filter((text) => !text.includes('{') && !text.includes('}'));
/** A value, including the strings an attacker would try: placeholders, nesting, HTML. */
const value = fc.oneof(
  fc.string(),
  fc.constantFrom('{{name}}', '{{- name}}', '$t(common.close)', '<b>x</b>', '&amp;', '{{count}}'),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
);

describe('interpolate', () => {
  it('puts each given value in as it is, never reading it again, and keeps no placeholder for it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(prose, name, fc.boolean()), { maxLength: 6 }),
        prose,
        fc.dictionary(name, value),
        (pieces, end, values) => {
          const template =
            pieces.map(([before, key, dash]) => `${before}{{${dash ? '- ' : ''}${key}}}`).join('') + end;
          const expected =
            pieces
              .map(([before, key, dash]) => {
                const placeholder = `{{${dash ? '- ' : ''}${key}}}`;
                return before + (Object.hasOwn(values, key) ? String(values[key]) : placeholder);
              })
              .join('') + end;
          expect(interpolate(template, values)).toBe(expected);
        },
      ),
    );
  });

  it('trims the name, empties a placeholder given as undefined or null, keeps an unknown one', () => {
    expect(interpolate('{{ name }} / {{a}}{{b}} / {{c}}', { name: 'Ana', a: undefined, b: null })).toBe(
      'Ana /  / {{c}}',
    );
  });

  it('inserts numbers as strings and nothing escaped (React escapes what it renders)', () => {
    expect(interpolate('{{n}} < {{html}}', { n: 2.5, html: '<i>&</i>' })).toBe('2.5 < <i>&</i>');
  });

  it('does not take a name from the values’ prototype', () => {
    expect(interpolate('{{toString}}', {})).toBe('{{toString}}');
  });
});

describe('plurals', () => {
  const forms: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
  const count = fc.oneof(
    fc.integer({ min: 0, max: 1_000_000 }),
    fc.constantFrom(0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 101, 1_000_000),
    fc.double({ min: 0, max: 1000, noNaN: true }),
  );

  it('pick the form Intl.PluralRules names for the count, in each of the 13 languages', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), count, (language, n) => {
        // Every form but zero (which i18next's rule tries first for 0, tested below).
        const texts: Texts = { k: Object.fromEntries(forms.slice(1).map((form) => [`n_${form}`, form])) };
        expect(translate([{ language, texts }], 'k.n', { count: n })).toBe(
          new Intl.PluralRules(language).select(n),
        );
        expect(pluralCategory(language, n)).toBe(new Intl.PluralRules(language).select(n));
      }),
    );
  });

  it('put the count in, prefer `_zero` for 0 if written, and fall back to the bare key', () => {
    const texts: Texts = { a_zero: 'none', a_one: 'one', a_other: '{{count}} items', b: '{{count}} b' };
    const source = [{ language: 'en', texts }];
    expect(translate(source, 'a', { count: 0 })).toBe('none');
    expect(translate(source, 'a', { count: 1 })).toBe('one');
    expect(translate(source, 'a', { count: 7 })).toBe('7 items');
    expect(translate(source, 'b', { count: 3 })).toBe('3 b');
    // A count given as a string is a value only, as in i18next.
    expect(translate(source, 'b', { count: '3' })).toBe('3 b');
    expect(translate(source, 'a', { count: '3' })).toBeUndefined();
  });

  it('follow the language of the source the text comes from', () => {
    const sources: TextSource[] = [
      { language: 'pl', texts: { a_few: 'kilka' } },
      { language: 'en', texts: { a_one: 'one', a_other: 'other' } },
    ];
    expect(translate(sources, 'a', { count: 3 })).toBe('kilka');
    // Polish says "many" for 5, which it lacks here: English's form for 5.
    expect(translate(sources, 'a', { count: 5 })).toBe('other');
  });
});

describe('lookup', () => {
  const segment = fc.constantFrom('a', 'b', 'c');
  const key = fc.array(segment, { minLength: 1, maxLength: 3 }).map((steps) => steps.join('.'));
  /** A tree of texts keyed by a, b, c: leaves name the source and the path. */
  const tree = (label: string): fc.Arbitrary<Texts> =>
    fc.letrec<{ node: Texts }>((self) => ({
      node: fc.dictionary(segment, fc.oneof({ depthSize: 'small' }, fc.constant(label), self('node')), {
        maxKeys: 3,
      }),
    })).node as fc.Arbitrary<Texts>;

  it('takes the page language’s text, else English’s, else none (t then shows the key)', () => {
    fc.assert(
      fc.property(tree('fr'), tree('en'), key, (fr, en, k) => {
        const found = translate(
          [
            { language: 'fr', texts: fr },
            { language: 'en', texts: en },
          ],
          k,
        );
        expect(found).toBe(findText(fr, k) ?? findText(en, k));
        if (findText(fr, k) === undefined && findText(en, k) === undefined) expect(found).toBeUndefined();
      }),
    );
  });

  it('finds only strings along the dotted path, never a group nor an inherited property', () => {
    const texts: Texts = { common: { close: 'Close', group: { x: 'X' } } };
    expect(findText(texts, 'common.close')).toBe('Close');
    expect(findText(texts, 'common.group')).toBeUndefined();
    expect(findText(texts, 'common.close.more')).toBeUndefined();
    expect(findText(texts, 'common.constructor')).toBeUndefined();
    expect(findText(texts, 'common.group.x')).toBe('X');
  });
});
