/** Interface languages of Créneau (spec: 13 languages, fallback en). */
export const LOCALES = [
  'br',
  'cs',
  'de',
  'en',
  'es',
  'fr',
  'hr',
  'hu',
  'it',
  'nl',
  'pl',
  'pt',
  'sk',
] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/** True when the value is one of the supported interface languages. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language to speak: the first candidate (query parameter, group locale, browser languages…)
 * whose base language is supported and enabled, else en when enabled, else the first enabled one.
 */
export function pickLocale(
  candidates: readonly (string | null | undefined)[],
  enabled: readonly Locale[],
): Locale {
  const allowed = enabled.length > 0 ? enabled : LOCALES;
  for (const candidate of candidates) {
    if (!candidate) continue;
    const base = candidate.toLowerCase().split(/[-_]/)[0];
    if (isLocale(base) && allowed.includes(base)) return base;
  }
  return allowed.includes(FALLBACK_LOCALE) ? FALLBACK_LOCALE : allowed[0]!;
}

/** Parses a group's comma-separated enabled_locales, keeping supported ones in order. */
export function parseEnabledLocales(value: string | null | undefined): Locale[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(isLocale);
}

export interface LanguageSources {
  /** The link's `locale` parameter. */
  param: string | null | undefined;
  /** The language the person chose before with the language menu (kept by their browser). */
  saved: string | null | undefined;
  /** The browser's preferred languages, most preferred first. */
  browser: readonly (string | null | undefined)[];
  /** The group's own language; for a page outside a group, the language of the group page just left. */
  groupLocale: string | null | undefined;
  /** The languages the group offers; empty: all 13. */
  enabled: readonly Locale[];
}

/**
 * The page's language, the same rule for every group and on the server as in the browser
 * (docs/web-app.md "Language"): the link's parameter, then the person's saved choice, then the
 * browser's languages, then the group's language — each only if the group offers it.
 */
export function choosePageLocale({ param, saved, browser, groupLocale, enabled }: LanguageSources): Locale {
  return pickLocale([param, saved, ...browser, groupLocale], enabled);
}

/** The languages of an Accept-Language header, most preferred first (q=0 ones left out). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
