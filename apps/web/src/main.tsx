/** Entry point: styles, translations, the landing's tracking facts, then the app. */
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { likelyLocale } from './app/language.ts';
import { parseQuery } from './app/query.ts';
import { rememberLanding } from './app/tracking/social-landing.ts';
import { changeLanguage } from './i18n/i18n.ts';

// The language's texts start loading now, in parallel with the app's first render and calls.
void changeLanguage(likelyLocale(parseQuery(window.location.search).params.locale));
rememberLanding(new URLSearchParams(window.location.search), document.referrer);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
