/** Entry point: styles, translations, the landing's tracking facts, then the app. */
import './styles/global.css';
import './i18n/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { rememberLanding } from './app/tracking/ad-pixel.ts';

rememberLanding(new URLSearchParams(window.location.search), document.referrer);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
