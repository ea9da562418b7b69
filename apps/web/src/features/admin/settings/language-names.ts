/**
 * Languages named for the settings screens: in the page's language, starting with a capital as a
 * label does ("Français", "English"), and listed in the alphabetical order of those names.
 */

/** The text with its first letter a capital, as the locale writes it. */
export function capitalised(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** The label of a language code in `locale`; the code itself when the browser knows no name. */
export function languageNamer(locale: string): (code: string) => string {
  const names = new Intl.DisplayNames([locale], { type: 'language' });
  return (code) => capitalised(names.of(code) ?? code, locale);
}

/** The codes in the alphabetical order of their names in `locale`. */
export function byName(codes: readonly string[], name: (code: string) => string, locale: string): string[] {
  return [...codes].sort((a, b) => name(a).localeCompare(name(b), locale));
}
