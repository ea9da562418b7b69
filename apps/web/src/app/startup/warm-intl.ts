/**
 * The first use of Intl in a page sets up the browser's locale data: one block of 20–30 ms on a
 * desktop, four times that on a phone, whichever formatter comes first (later ones take well under
 * a millisecond). Done in a task of its own while the start-up calls are on the network, it no
 * longer lengthens the entry script's evaluation or the first render, both long tasks already
 * (docs/web-app.md "First paint").
 */
export function warmIntlSoon(): void {
  setTimeout(() => {
    new Intl.DateTimeFormat().format(0);
  }, 0);
}
