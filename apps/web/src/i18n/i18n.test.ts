// @vitest-environment jsdom
/**
 * Loading of the texts: a language brings its core part only, the other parts come when asked
 * for and follow a language switch, and English (the fallback) is fetched only once a text is
 * missing. The tests share the i18n instance and run in order.
 */
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, loadPart } from './i18n.ts';

const loaded = () =>
  ['en', 'fr', 'de'].flatMap((lng) =>
    ['core', 'account', 'home']
      .filter((part) => i18n.hasResourceBundle(lng, part))
      .map((part) => `${lng}/${part}`),
  );

describe('i18n', () => {
  it('loads the core texts of the page language, and nothing else', async () => {
    await changeLanguage('fr');
    expect(loaded()).toEqual(['fr/core']);
    expect(i18n.t('common.close')).toBe('Fermer');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('loads a part when asked, its keys read like the others', async () => {
    await loadPart('account');
    expect(loaded()).toEqual(['fr/core', 'fr/account']);
    expect(i18n.t('account.login.submit')).toBe(i18n.getResource('fr', 'account', 'account.login.submit'));
    expect(i18n.t('account.login.submit')).not.toBe('account.login.submit');
  });

  it('switches language with every part loaded so far', async () => {
    await changeLanguage('de');
    expect(loaded()).toEqual(['fr/core', 'fr/account', 'de/core', 'de/account']);
    expect(i18n.t('common.close')).toBe('Schließen');
  });

  it('keeps the later of two switches when the earlier one finishes last (the start-up guess)', async () => {
    const guess = changeLanguage('it'); // its texts still to fetch: finishes last
    const chosen = changeLanguage('de'); // already loaded
    await Promise.all([guess, chosen]);
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('common.close')).toBe('Schließen');
  });

  it('fetches English once a text is missing, then falls back to it', async () => {
    expect(i18n.t('common.noSuchText')).toBe('common.noSuchText');
    await vi.waitFor(() => expect(loaded()).toContain('en/account'));
    expect(loaded()).toContain('en/core');
    i18n.addResource('en', 'core', 'common.onlyInEnglish', 'Only in English');
    expect(i18n.t('common.onlyInEnglish')).toBe('Only in English');
  });
});
