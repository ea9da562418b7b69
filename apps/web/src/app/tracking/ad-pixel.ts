/**
 * The social-network ad pixel (docs/requirements/booking-flow.md §1; docs/requirements/accounts-and-appointments.md §4: "a visitor from a social network with a
 * pixel id triggers a Schedule event" after booking). Only the booking's confirmation needs it, so
 * it loads with that page; whether the visitor came from a social network is decided on landing
 * (social-landing.ts), which every page carries.
 */
import { isSocialVisitor } from './social-landing.ts';

const PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';

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
