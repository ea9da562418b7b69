/**
 * Whether the visitor came from a social network, for the ad pixel (ad-pixel.ts; docs/requirements/booking-flow.md §1).
 * It is decided on landing — the referrer and the campaign parameters are gone after the first
 * navigation — and kept for the browser session.
 */

const STORAGE_KEY = 'creneau.socialVisitor';
const SOCIAL_SOURCES = /^(facebook|fb|instagram|ig|meta|messenger)$/i;
const SOCIAL_HOSTS = /(^|\.)(facebook\.com|fb\.com|instagram\.com|messenger\.com)$/i;

/** Did this landing come from a social network? (websource/utm_source, fbclid, or the referrer.) */
export function isSocialLanding(query: URLSearchParams, referrer: string): boolean {
  const source = query.get('websource') ?? query.get('utm_source');
  if (source && SOCIAL_SOURCES.test(source)) return true;
  if (query.has('fbclid')) return true;
  try {
    return referrer !== '' && SOCIAL_HOSTS.test(new URL(referrer).hostname);
  } catch {
    return false;
  }
}

/** Remembers, for this browser session, that the visitor came from a social network. */
export function rememberLanding(query: URLSearchParams, referrer: string): void {
  try {
    if (isSocialLanding(query, referrer)) sessionStorage.setItem(STORAGE_KEY, '1');
  } catch {
    /* storage blocked: the visit counts as not social */
  }
}

/** True when the visitor of this browser session came from a social network. */
export function isSocialVisitor(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}
