/**
 * The interface language (docs/web-app.md "Language"): the `locale` parameter, then the person's
 * saved choice, then the browser's languages, then the group's language — each only if the group
 * offers it. The server's first HTML applies the same rule (apps/server/src/web/page-request.ts).
 */
import { choosePageLocale, isLocale, type Locale, parseEnabledLocales } from '@creneau/core/locales';
import { useEffect, useState } from 'react';
import { changeLanguage, i18n, setPageLanguage } from '../i18n/i18n.ts';

export interface LanguageInput {
  param: string | null | undefined;
  groupLocale: string | null | undefined;
  /** The group's comma-separated enabled_locales; empty or absent: every language. */
  enabled: string | null | undefined;
  browser: readonly string[];
}

/** The language to speak. */
export function chooseLocale({ param, groupLocale, enabled, browser }: LanguageInput): Locale {
  return choosePageLocale({
    param,
    saved: savedLocale(),
    browser,
    groupLocale,
    enabled: parseEnabledLocales(enabled),
  });
}

/**
 * The language of a page outside a group (not found, inactive…): the parameter, the saved choice,
 * then the language of the group page just left — the visitor was reading it a moment ago — then
 * the browser's; all 13 languages are offered.
 */
export function chooseStandaloneLocale(param: string | null | undefined): Locale {
  return choosePageLocale({
    param,
    saved: savedLocale(),
    browser: [lastLocale(), ...browserLanguages()],
    groupLocale: null,
    enabled: [],
  });
}

/** The cookie holding the language a person picked in the menu; the server reads it too. */
const SAVED_LOCALE_COOKIE = 'creneau_locale';

/** The language the person picked in the language menu, on any group, if any. */
export function savedLocale(): Locale | null {
  if (typeof document === 'undefined') return null;
  const match = new RegExp(`(?:^|;\\s*)${SAVED_LOCALE_COOKIE}=([a-z]{2})(?:;|$)`).exec(document.cookie);
  return match && isLocale(match[1]) ? match[1] : null;
}

/** Keeps the person's choice for a year (in an embedding site a browser may refuse it: no harm). */
export function saveLocale(locale: Locale): void {
  if (typeof document === 'undefined') return;
  // A two-letter code, nothing to escape; the Cookie Store API is missing from Firefox and Safari.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${SAVED_LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Lax`;
}

const LAST_LOCALE_KEY = 'creneau.locale';

/** Remembers the language a group page spoke, for the pages outside a group that may follow. */
export function rememberLocale(locale: Locale): void {
  try {
    sessionStorage.setItem(LAST_LOCALE_KEY, locale);
  } catch {
    /* storage blocked: those pages follow the browser */
  }
}

/** The language of the last group page of this visit, if any. */
export function lastLocale(): string | null {
  try {
    return sessionStorage.getItem(LAST_LOCALE_KEY);
  } catch {
    return null;
  }
}

/**
 * The language the first page most likely speaks, known before the group is: the parameter, else
 * the language of this visit's last group page, else the browser's. Its texts are fetched at once,
 * in parallel with the start-up calls; a wrong guess costs one more file, never a wrong text.
 */
export function likelyLocale(param: string | null | undefined): Locale {
  // The server's HTML already applied the rule with the group in hand.
  const decided = typeof document !== 'undefined' ? document.documentElement.dataset.pageLang : undefined;
  if (isLocale(decided)) return decided;
  return chooseLocale({ param, groupLocale: lastLocale(), enabled: null, browser: browserLanguages() });
}

/** The browser's preferred languages. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * Switches the translations to `locale`; ready once that language's messages are loaded. Meanwhile they
 * keeps speaking the previous language, so a page already shown can stay on screen.
 */
export function useLanguage(locale: Locale): { ready: boolean } {
  setPageLanguage(locale);
  const [loaded, setLoaded] = useState<string | null>(() =>
    i18n.language === locale && i18n.hasResourceBundle(locale, 'core') ? locale : null,
  );
  useEffect(() => {
    let live = true;
    changeLanguage(locale).then(
      () => live && setLoaded(locale),
      // A language chunk that fails to load must not block the page: English stays.
      () => live && setLoaded(locale),
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return { ready: loaded === locale };
}
