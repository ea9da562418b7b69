// @vitest-environment jsdom
/**
 * The React side of the translations: a component re-renders when the language changes, a
 * component of a lazy part waits (Suspense) for the part, then shows its texts, never its keys.
 */
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadPart, usePart, useTranslation } from './i18n.ts';
import de from './locales/account/de.json';

function Close() {
  const { t } = useTranslation();
  return <p>{t('common.close')}</p>;
}

function Login() {
  const { t } = usePart('account');
  return <p>{t('account.login.submit')}</p>;
}

let waited = false;
function Waiting() {
  waited = true;
  return null;
}

/** Each `t` a render was given. */
const seen = new Set<unknown>();
function Probe() {
  const { t } = useTranslation();
  seen.add(t);
  return null;
}

describe('useTranslation and usePart', () => {
  it('re-render in the new language once its texts are in', async () => {
    await changeLanguage('fr');
    render(<Close />);
    expect(screen.getByText('Fermer')).toBeTruthy();
    await act(() => changeLanguage('de'));
    expect(screen.getByText('Schließen')).toBeTruthy();
  });

  it('wait for a lazy part, then show its text', async () => {
    expect(i18n.hasResourceBundle('de', 'account')).toBe(false);
    waited = false;
    render(
      <Suspense fallback={<Waiting />}>
        <Login />
      </Suspense>,
    );
    expect(waited).toBe(true);
    // The part arriving (the very fetch the component started), React renders it again.
    await act(() => loadPart('account'));
    expect(screen.getByText(de.account.login.submit)).toBeTruthy();
  });

  it('give a new t when texts change, so memoised texts follow', async () => {
    seen.clear();
    render(<Probe />);
    await act(() => changeLanguage('it'));
    expect(seen.size).toBeGreaterThan(1);
  });
});
