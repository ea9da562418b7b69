/**
 * The app's translations (docs/decisions/015-own-translation-module.md). The texts of each
 * language are split into parts, one file per part and language, each a separate chunk fetched
 * when first needed:
 *   core     the shell, the booking flow, the status pages: fetched with the language
 *   account  the customer area (login, registration, records, appointments)
 *   home     the home page and the map
 *   admin    the back office (docs/back-office.md)
 * so a booking page downloads neither the customer area's texts nor a second language. A component
 * showing texts of another part reads them through usePart(part); keys keep their full path
 * (`account.login.title`) whatever the part. English is the fallback language (docs/requirements/booking-flow.md §9) but is
 * fetched only once a text is actually missing (the locale test keeps that from happening).
 */
import type { Locale } from '@creneau/core/locales';
import { useStoreInTransition } from '../lib/use-store-in-transition.ts';
import {
  findText,
  interpolate,
  type TextSource,
  type Texts,
  type TFunction,
  type TranslateValues,
  translate,
} from './translate.ts';

export type { Texts, TFunction, TranslateValues };

export const PARTS = ['core', 'account', 'home', 'admin'] as const;
export type Part = (typeof PARTS)[number];
/** The parts loaded on demand (core comes with the language). */
export type LazyPart = Exclude<Part, 'core'>;

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

/** The texts loaded, by `language|part`. */
const bundles = new Map<string, Texts>();
/** Each fetch of a part's texts, by `language|part`: started once, settled (loaded or failed). */
const fetches = new Map<string, Promise<void>>();
const settled = new Set<string>();
/** The parts fetched so far: a language switch fetches them all in the new language. */
const wanted: Part[] = ['core'];

/** The language in force, and the one a switch is under way to (the later call wins). */
let language: string | undefined;
let switchingTo: string | undefined;
/** Set once a text was missing: English is then loaded with every part, as the fallback. */
let englishFallback = false;

/** Bumped on every change (language, texts arrived): React re-renders with a new `t`. */
let revision = 0;
const listeners = new Set<() => void>();

function changed(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

/** The languages a text is looked for in, in order. */
function languagesOf(lng: string | undefined): string[] {
  if (!lng) return [];
  return englishFallback && lng !== 'en' ? [lng, 'en'] : [lng];
}

/** Fetches one part of a language's texts (one chunk per part and language), once. */
function fetchTexts(lng: string, part: Part): Promise<void> {
  const id = `${lng}|${part}`;
  let fetching = fetches.get(id);
  if (!fetching) {
    const load = loaders[`./locales/${part}/${lng}.json`];
    // A language without texts loads as empty; a failed chunk leaves the part settled without
    // texts (its keys show), rather than a page waiting for ever.
    fetching = (load ? load() : Promise.resolve({}))
      .then(
        (texts) => {
          bundles.set(id, texts);
        },
        () => {},
      )
      .then(() => {
        settled.add(id);
        changed();
      });
    fetches.set(id, fetching);
  }
  return fetching;
}

async function fetchAll(languages: readonly string[], parts: readonly Part[]): Promise<void> {
  await Promise.all(languages.flatMap((lng) => parts.map((part) => fetchTexts(lng, part))));
}

/** The texts to look a key up in: each part (core first), in each language in force. */
function sourcesFor(lng: string | undefined): TextSource[] {
  const languages = languagesOf(lng);
  return PARTS.flatMap((part) =>
    languages.flatMap((code) => {
      const texts = bundles.get(`${code}|${part}`);
      return texts ? [{ language: code, texts }] : [];
    }),
  );
}

/** A text is missing from the page's language: fetch English for it (and re-render). */
function fallBackToEnglish(): void {
  if (englishFallback || !language || language === 'en') return;
  // While a part is still loading, its texts are not missing: they are on their way.
  if (!wanted.every((part) => bundles.has(`${language}|${part}`))) return;
  englishFallback = true;
  void fetchAll(['en'], wanted);
}

/** The text of `key` in the page's language (or `values.lng`), else in English, else the key. */
function t(key: string, values?: TranslateValues): string {
  const lng = typeof values?.lng === 'string' ? values.lng : language;
  const text = translate(sourcesFor(lng), key, values);
  if (text !== undefined) return text;
  fallBackToEnglish();
  // As i18next did: the key stands for the text, values put in.
  return values ? interpolate(key, values) : key;
}

/** The translations as components and helpers read them. */
export const i18n = {
  /**
   * The language in force: set by the first switch at once (main.tsx makes it before the first
   * render: typed as always there, as i18next had it), by a later one once its texts are in.
   */
  get language(): string {
    return language as string;
  },
  t: t as TFunction,
  /** Whether a text exists for `key` (in the page's language, or English once it falls back). */
  exists(key: string): boolean {
    return translate(sourcesFor(language), key) !== undefined;
  },
  hasResourceBundle(lng: string, part: string): boolean {
    return bundles.has(`${lng}|${part}`);
  },
  getResource(lng: string, part: string, key: string): string | undefined {
    const texts = bundles.get(`${lng}|${part}`);
    return texts && findText(texts, key);
  },
  /** Adds one text (tests). */
  addResource(lng: string, part: string, key: string, value: string): void {
    const id = `${lng}|${part}`;
    const root: Texts = bundles.get(id) ?? {};
    const steps = key.split('.');
    let node = root;
    for (const step of steps.slice(0, -1)) {
      const next = node[step];
      if (typeof next === 'object') node = next;
      else {
        const group: Texts = {};
        node[step] = group;
        node = group;
      }
    }
    node[steps.at(-1)!] = value;
    bundles.set(id, root);
    changed();
  },
};

/**
 * The language the page speaks as decided — first by the server's HTML (`data-page-lang`), then
 * by the app's language rule — which the translations only follow once that language's texts are in.
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
  const lng = pageLanguage ?? language;
  if (!lng) return '';
  if (bundles.has(`${lng}|core`)) return t('common.loading', { lng });
  const root = typeof document !== 'undefined' ? document.documentElement : null;
  return root?.dataset.pageLang === lng ? (root.dataset.loading ?? '') : '';
}

/** Switches the interface language, resolving once its texts (every part fetched so far) are loaded. */
export async function changeLanguage(locale: Locale): Promise<void> {
  // Called even for the current language: it may still be loading, or a switch away be under way.
  switchingTo = locale;
  if (!language) {
    language = locale;
    changed();
  }
  await fetchAll(languagesOf(locale), wanted);
  // An earlier call (the start-up guess) can finish after a later one: the later language stays.
  if (switchingTo === locale) {
    switchingTo = undefined;
    language = locale;
    changed();
  }
  if (typeof document !== 'undefined' && language) document.documentElement.lang = language;
}

/**
 * Fetches a part of the texts for the page's language; a language switch fetches again every
 * part fetched so far.
 */
export function loadPart(part: LazyPart): Promise<void> {
  if (!wanted.includes(part)) wanted.push(part);
  return fetchAll(languagesOf(language), [part]);
}

/** Resolves with `module` once `part` is loaded too, both fetched in parallel (lazy pages). */
export async function withPart<T>(part: LazyPart, module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, loadPart(part)]);
  return loaded;
}

/** What a component reads: changes (a new object, a new `t`) whenever the language or texts do. */
interface Translation {
  t: TFunction;
  i18n: typeof i18n;
}

let snapshot: Translation & { revision: number } = { t, i18n, revision };

function currentTranslation(): Translation {
  if (snapshot.revision !== revision) snapshot = { t: (key, values) => t(key, values), i18n, revision };
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The translations for a component, which re-renders when the language changes or texts arrive. */
export function useTranslation(): Translation {
  return useStoreInTransition(subscribe, currentTranslation);
}

/** The pending fetch of a part (with core) in the languages in force, one promise per set. */
const partFetches = new Map<string, Promise<void>>();

function partFetch(part: LazyPart): Promise<void> {
  const languages = languagesOf(language);
  const id = `${languages.join(',')}|${part}`;
  let fetching = partFetches.get(id);
  if (!fetching) {
    if (!wanted.includes(part)) wanted.push(part);
    fetching = fetchAll(languages, ['core', part]);
    partFetches.set(id, fetching);
  }
  return fetching;
}

/**
 * useTranslation for a component that shows texts of `part`: fetches the part on first use and
 * suspends (up to the nearest <Suspense>) until it is there, so no key ever shows as a text.
 */
export function usePart(part: LazyPart): Translation {
  const translation = useTranslation();
  const ready = languagesOf(language).every(
    (lng) => settled.has(`${lng}|core`) && settled.has(`${lng}|${part}`),
  );
  // Thrown as react-i18next did, rather than use(): React then retries when the promise settles
  // through the Suspense boundary, in tests (act) as in the browser.
  if (!ready) throw partFetch(part);
  return translation;
}
