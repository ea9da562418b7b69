/**
 * The social-network ad pixel (docs/requirements/booking-flow.md §1; docs/requirements/accounts-and-appointments.md §4: "a visitor from a social network with a
 * pixel id triggers a Schedule event" after booking). Whether the visitor came from a social
 * network is decided on landing — the referrer and the campaign parameters are gone after the
 * first navigation — and kept for the browser session.
 */

const STORAGE_KEY = 'creneau.socialVisitor';
const SOCIAL_SOURCES = /^(facebook|fb|instagram|ig|meta|messenger)$/i;
const SOCIAL_HOSTS = /(^|\.)(facebook\.com|fb\.com|instagram\.com|messenger\.com)$/i;
const PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';

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

type Fbq = ((...args: unknown[]) => void) & {
  queue: unknown[][];
  callMethod?: (...args: unknown[]) => void;
  loaded: boolean;
  version: string;
  push: Fbq;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** The pixel's command function: queues calls until the vendor script takes over. */
function pixel(pixelId: string): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.queue = [];
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.push = fbq;
  window.fbq = fbq;
  window._fbq = fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT;
  document.head.appendChild(script);
  fbq('init', pixelId);
  return fbq;
}

/** After a booking: the Schedule event, for social-network visitors of groups with a pixel id. */
export function trackScheduleEvent(pixelId: string | null | undefined): boolean {
  if (!pixelId || !isSocialVisitor()) return false;
  pixel(pixelId)('track', 'Schedule');
  return true;
}
