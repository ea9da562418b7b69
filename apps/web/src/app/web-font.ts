/**
 * When the page asks for Lato (docs/web-app.md "First paint"). Its two files (47 KB) are not part
 * of what a first visit needs to show the page: text is drawn meanwhile in 'Lato fallback'
 * (styles/global.css), a local font sized to Lato's metrics, so nothing moves when Lato comes. On
 * a phone's slow link, asked for with the first style sheet, they shared the bandwidth with the
 * entry script and the page's answers, and the page's largest paint waited for them. So a first
 * visit asks for Lato once the page's answers are in and the link has been quiet a moment. A
 * browser that has had Lato (remembered in localStorage) asks at once: the files come from its
 * cache before the first paint, and the text never changes face.
 */
import { whenCallsQuiet } from '../api/calls-in-flight.ts';

const STORAGE_KEY = 'creneau.webFont';
/** Long enough to bridge the gap between one answer and the call it leads to (a step's render). */
const QUIET_MS = 400;
/** A page that keeps calling (a live agenda) still gets its typeface. */
const LONGEST_WAIT_MS = 5_000;

function hadWebFont(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'loaded';
  } catch {
    // Storage refused (a sandboxed frame, a privacy setting): as a first visit.
    return false;
  }
}

function rememberWebFont(): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, 'loaded');
  } catch {
    // Nothing to remember it in: the next visit waits again, which costs only the change of face.
  }
}

function whenPageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** Decides when the page's text moves to Lato; `load` declares it (the style sheet's import). */
export async function loadWebFont(load: () => Promise<unknown> = () => import('../styles/web-font.css')) {
  if (!hadWebFont()) {
    await whenPageLoaded();
    await Promise.race([
      whenCallsQuiet(QUIET_MS),
      new Promise((resolve) => setTimeout(resolve, LONGEST_WAIT_MS)),
    ]);
  }
  await load();
  await document.fonts?.ready;
  rememberWebFont();
}
