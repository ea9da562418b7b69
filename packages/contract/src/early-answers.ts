/**
 * API answers written into a page's first HTML (docs/web-app.md "First paint"): the server asks
 * its own API for the calls the app makes first on every page of a group, and the app takes each
 * answer once instead of waiting for the round trip. Both sides name a call the same way here.
 */

/** The `id` of the `<script type="application/json">` element that carries the answers. */
export const EARLY_ANSWERS_ELEMENT_ID = 'early-answers';

/**
 * A call's name: its path below API_PREFIX and its query without the api key (the app's own,
 * which the server need not know), parameters ordered by name — so encoding and order differences
 * between the two sides do not matter, while any other parameter (a session token…) does.
 */
export function earlyAnswerKey(path: string, query: URLSearchParams): string {
  const params = [...query]
    .filter(([name]) => name !== 'apikey')
    // Stable: a repeated parameter keeps its values' order.
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(params).toString()}`;
}
