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
