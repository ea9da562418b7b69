/**
 * The BCP 47 tag handed to Intl for each interface language. Two choices and one fallback:
 * - en → en-GB and pt → pt-PT: Créneau serves European businesses; plain "en" and "pt" mean US and
 *   Brazilian conventions in ICU (month-first dates, 12-hour clock).
 * - br (Breton): Node's full ICU has it, but browsers may ship ICU without it (Chromium trims its
 *   locale data). When the runtime lacks it, fr-FR is used: Breton speakers live in France and write
 *   dates, times, prices and durations the French way.
 */
import type { Locale } from '../locales.ts';

const PREFERRED: Record<Locale, string> = {
  br: 'br',
  cs: 'cs',
  de: 'de',
  en: 'en-GB',
  es: 'es',
  fr: 'fr',
  hr: 'hr',
  hu: 'hu',
  it: 'it',
  nl: 'nl',
  pl: 'pl',
  pt: 'pt-PT',
  sk: 'sk',
};

/** Where a language has no Intl data in this runtime. */
const FALLBACK: Partial<Record<Locale, string>> = { br: 'fr-FR' };

/** True when this runtime has date and number data for the tag. */
export function runtimeSupports(tag: string): boolean {
  return (
    Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 &&
    Intl.NumberFormat.supportedLocalesOf([tag]).length > 0
  );
}

const resolved = new Map<Locale, string>();

/** The Intl tag for a language, given which tags the runtime supports (see file comment). */
export function resolveIntlLocale(
  locale: Locale,
  supports: (tag: string) => boolean = runtimeSupports,
): string {
  const preferred = PREFERRED[locale];
  if (supports(preferred)) return preferred;
  return FALLBACK[locale] ?? preferred;
}

/** The Intl tag for a language in this runtime (cached). */
export function intlLocale(locale: Locale): string {
  let tag = resolved.get(locale);
  if (!tag) {
    tag = resolveIntlLocale(locale);
    resolved.set(locale, tag);
  }
  return tag;
}
