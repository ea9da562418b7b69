/**
 * i18next set-up: English is bundled (it is the fallback, spec 000 §9); the twelve other languages
 * are separate chunks fetched when first used, so they weigh nothing on the first page load.
 */
import { LOCALES, type Locale } from '@creneau/core/locales';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export type Messages = typeof en;

const loaders = import.meta.glob<Messages>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});

/** Loads a language file on demand (one chunk per language). */
export function loadMessages(locale: string): Promise<Messages> | null {
  const load = loaders[`./locales/${locale}.json`];
  return load ? load() : null;
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const pending = loadMessages(language);
    if (!pending) {
      callback(null, {});
      return;
    }
    pending.then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

export const i18n = i18next.createInstance();

void i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LOCALES],
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

/** Switches the interface language, resolving once its messages are loaded. */
export async function changeLanguage(locale: Locale): Promise<void> {
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
