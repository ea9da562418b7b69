/** Each interface language named in itself, as a language menu shows it. */
import type { Locale } from '@creneau/core/locales';

export const LANGUAGE_NAMES: Record<Locale, string> = {
  br: 'Brezhoneg',
  cs: 'Čeština',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  hr: 'Hrvatski',
  hu: 'Magyar',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  sk: 'Slovenčina',
};
