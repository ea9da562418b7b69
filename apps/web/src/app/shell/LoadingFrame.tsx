/**
 * The page while the app starts (group, session, language): the same skeleton as the first HTML
 * (index.html, written by the server in the page's language and theme) — the header's band and the
 * loading message inside <main> — so the switch from the HTML to the app is invisible.
 */
import { Spinner } from '../../ui/Spinner.tsx';

export function LoadingFrame() {
  return (
    <div className="boot-frame">
      <div className="boot-header" />
      <main id="main" className="boot-main" tabIndex={-1}>
        <Spinner page />
      </main>
    </div>
  );
}
