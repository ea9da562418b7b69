/**
 * The interface language (spec 000 §1, §9): the `locale` parameter, else the group's locale, else
 * the browser's languages — each only if the group enables it — falling back to en.
 */
import { type Locale, parseEnabledLocales, pickLocale } from '@creneau/core/locales';
import { useEffect, useState } from 'react';
import { changeLanguage, i18n } from '../i18n/i18n.ts';

export interface LanguageInput {
  param: string | null | undefined;
  groupLocale: string | null | undefined;
  /** The group's comma-separated enabled_locales; empty or absent: every language. */
  enabled: string | null | undefined;
  browser: readonly string[];
}

/** The language to speak. */
export function chooseLocale({ param, groupLocale, enabled, browser }: LanguageInput): Locale {
  return pickLocale([param, groupLocale, ...browser], parseEnabledLocales(enabled));
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
  return chooseLocale({ param, groupLocale: lastLocale(), enabled: null, browser: browserLanguages() });
}

/** The browser's preferred languages. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * Switches i18next to `locale`; ready once that language's messages are loaded. Meanwhile i18next
 * keeps speaking the previous language, so a page already shown can stay on screen.
 */
export function useLanguage(locale: Locale): { ready: boolean } {
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
