/** Entry point: styles, translations, the landing's tracking facts, then the app. */
import './styles/global.css';
import { isLocale } from '@creneau/core/locales';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { likelyLocale } from './app/language.ts';
import { parseQuery } from './app/query.ts';
import { rememberLanding } from './app/tracking/social-landing.ts';
import { loadWebFont } from './app/web-font.ts';
import { changeLanguage } from './i18n/i18n.ts';

// The language's texts start loading now, in parallel with the app's first render and calls. The
// query is read only when the server's HTML did not name the language: parsing it works out
// today's date, with Intl, and the entry's evaluation is on the first paint's path.
const serverLanguage = document.documentElement.dataset.pageLang;
void changeLanguage(
  likelyLocale(isLocale(serverLanguage) ? null : parseQuery(window.location.search).params.locale),
);
rememberLanding(new URLSearchParams(window.location.search), document.referrer);

// In a transition, the first render is cut into short tasks (lib/use-store-in-transition.ts).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Lato comes once a first visit's page is shown (app/web-font.ts).
void loadWebFont();
