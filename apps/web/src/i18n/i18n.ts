/**
 * i18next set-up. The texts of each language are split into parts (i18next namespaces), one file
 * per part and language, each a separate chunk fetched when first needed:
 *   core     the shell, the booking flow, the status pages: fetched with the language
 *   account  the customer area (login, registration, records, appointments)
 *   home     the home page and the map
 *   admin    the back office (docs/back-office.md)
 * so a booking page downloads neither the customer area's texts nor a second language. A component
 * showing texts of another part reads them through usePart(part); keys keep their full path
 * (`account.login.title`) whatever the part. English is the fallback language (docs/requirements/booking-flow.md §9) but is
 * fetched only once a text is actually missing (the locale test keeps that from happening).
 */
import { LOCALES, type Locale } from '@creneau/core/locales';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

export const PARTS = ['core', 'account', 'home', 'admin'] as const;
export type Part = (typeof PARTS)[number];
/** The parts loaded on demand (core comes with the language). */
export type LazyPart = Exclude<Part, 'core'>;

export type Texts = { [key: string]: string | Texts };

type TextLoaders = Record<string, () => Promise<Texts>>;

// The back office's texts are not listed here: their loaders come with the back office (admin-texts.ts),
// so that a booking page's first load does not carry thirteen more chunk names.
const loaders: TextLoaders = import.meta.glob<Texts>('./locales/{core,account,home}/*.json', {
  import: 'default',
});

/** Adds the loaders of a part that brings its own (paths as `./locales/{part}/{locale}.json`). */
export function registerTexts(more: TextLoaders): void {
  Object.assign(loaders, more);
}

/** Loads one part of a language's texts (one chunk per part and language). */
function loadTexts(locale: string, part: string): Promise<Texts> | null {
  const load = loaders[`./locales/${part}/${locale}.json`];
  return load ? load() : null;
}

const lazyTexts: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, part: string, callback: ReadCallback) {
    const pending = loadTexts(language, part);
    if (!pending) {
      callback(null, {});
      return;
    }
    pending.then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

export const i18n = i18next.createInstance();

/** Set once a text was missing: English is then loaded with every part, as the fallback. */
let englishFallback = false;

/** A text is missing from the page's language: fetch English for it (and re-render, see init). */
function fallBackToEnglish(): void {
  const language = i18n.language;
  if (englishFallback || !language || language === 'en') return;
  // While a part is still loading, its texts are not missing: they are on their way.
  const requested = [i18n.options.ns ?? []].flat();
  if (!requested.every((part) => i18n.hasResourceBundle(language, part))) return;
  englishFallback = true;
  void i18n.loadLanguages('en');
}

void i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    // No language until the page picks one (changeLanguage): nothing is fetched before.
    fallbackLng: () => (englishFallback ? ['en'] : []),
    supportedLngs: [...LOCALES],
    ns: ['core'],
    defaultNS: 'core',
    // A key is looked up in every part, so a call site never names the part of its key.
    fallbackNS: PARTS.filter((part) => part !== 'core'),
    parseMissingKeyHandler: (key) => {
      fallBackToEnglish();
      return key;
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    // Re-render when texts arrive after the language (the English fallback).
    react: { useSuspense: false, bindI18nStore: 'added' },
  });

/**
 * The language the page speaks as decided — first by the server's HTML (`data-page-lang`), then
 * by the app's language rule — which i18next only follows once that language's texts are in.
 */
let pageLanguage: string | null =
  typeof document !== 'undefined' ? (document.documentElement.dataset.pageLang ?? null) : null;

export function setPageLanguage(locale: Locale): void {
  pageLanguage = locale;
}

/**
 * The loading message in the page's language: from its texts once loaded, before that the one
 * the server wrote into the page for that language, else none (never another language's).
 */
export function loadingMessage(): string {
  const language = pageLanguage ?? i18n.language;
  if (!language) return '';
  if (i18n.hasResourceBundle(language, 'core')) return i18n.t('common.loading', { lng: language });
  const root = typeof document !== 'undefined' ? document.documentElement : null;
  return root?.dataset.pageLang === language ? (root.dataset.loading ?? '') : '';
}

/** Switches the interface language, resolving once its texts (every part fetched so far) are loaded. */
export async function changeLanguage(locale: Locale): Promise<void> {
  // Called even for the current language: it may still be loading, or a switch away be under way.
  await i18n.changeLanguage(locale);
  // The language in force, not this call's: an earlier call (the start-up guess) can finish after a
  // later one, and i18next then keeps the later language — so must the page.
  if (typeof document !== 'undefined' && i18n.language) document.documentElement.lang = i18n.language;
}

/**
 * Fetches a part of the texts for the page's language; a language switch fetches again every
 * part fetched so far.
 */
export function loadPart(part: LazyPart): Promise<void> {
  return i18n.loadNamespaces(part);
}

/** Resolves with `module` once `part` is loaded too, both fetched in parallel (lazy pages). */
export async function withPart<T>(part: LazyPart, module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, loadPart(part)]);
  return loaded;
}

/**
 * useTranslation for a component that shows texts of `part`: fetches the part on first use and
 * suspends (up to the nearest <Suspense>) until it is there, so no key ever shows as a text.
 */
export function usePart(part: LazyPart) {
  return useTranslation(['core', part], { useSuspense: true });
}
