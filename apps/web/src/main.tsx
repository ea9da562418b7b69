/** Entry point: styles, translations, the landing's tracking facts, then the app. */
import './styles/global.css';
import { isLocale } from '@creneau/core/locales';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { likelyLocale } from './app/language.ts';
import { parseQuery } from './app/query.ts';
import { warmIntlSoon } from './app/startup/warm-intl.ts';
import { rememberLanding } from './app/tracking/social-landing.ts';
import { changeLanguage } from './i18n/i18n.ts';

// The language's texts start loading now, in parallel with the app's first render and calls. The
// query is read only when the server's HTML did not name the language: parsing it works out
// today's date, the page's first use of Intl, which warmIntlSoon does in a task of its own.
const serverLanguage = document.documentElement.dataset.pageLang;
void changeLanguage(
  likelyLocale(isLocale(serverLanguage) ? null : parseQuery(window.location.search).params.locale),
);
warmIntlSoon();
rememberLanding(new URLSearchParams(window.location.search), document.referrer);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
