/**
 * Turning a key into a text, without state (docs/decisions/015-own-translation-module.md): the
 * dotted key is looked up in each source in turn, a `count` picks the plural form of the source's
 * language, and `{{name}}` placeholders receive the values.
 */

export type Texts = { [key: string]: string | Texts };

/** The values of a text's placeholders; `count` also picks its plural form. */
export type TranslateValues = { readonly [name: string]: unknown };

export type TFunction = (key: string, values?: TranslateValues) => string;

/** Texts of one language (one part of them): where a key is looked up. */
export interface TextSource {
  language: string;
  texts: Texts;
}

/** The text at a dotted path (`booking.slots.title`), if there is one. */
export function findText(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const step of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, step)) return undefined;
    node = node[step];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in `language` (CLDR's, as the texts' `_one`, `_few`… suffixes). */
export function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** `{{name}}`, or `{{- name}}` (i18next's unescaped form: the same here, nothing is escaped). */
const PLACEHOLDER = /\{\{-?(.+?)\}\}/g;

/**
 * Puts the values into the text. A value goes in as it is — React escapes what it renders — and is
 * never read again (a `{{x}}` inside a value stays as written). A placeholder without a value
 * stays; one whose value is given as undefined or null becomes empty.
 */
export function interpolate(text: string, values: TranslateValues): string {
  return text.replace(PLACEHOLDER, (placeholder, raw: string) => {
    const name = raw.trim();
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    return value == null ? '' : String(value);
  });
}

/** The keys to try in a language, most specific first. */
function candidates(key: string, language: string, count: unknown): string[] {
  if (count === undefined || typeof count === 'string') return [key];
  const plural = `${key}_${pluralCategory(language, Number(count))}`;
  return count === 0 ? [`${key}_zero`, plural, key] : [plural, key];
}

/** The text of `key` from the first source that has it, values put in; undefined if none has it. */
export function translate(
  sources: readonly TextSource[],
  key: string,
  values?: TranslateValues,
): string | undefined {
  for (const { language, texts } of sources) {
    for (const candidate of candidates(key, language, values?.count)) {
      const text = findText(texts, candidate);
      if (text !== undefined) return values ? interpolate(text, values) : text;
    }
  }
  return undefined;
}
