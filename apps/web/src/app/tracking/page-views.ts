/**
 * Page-view events on every route change (docs/requirements/booking-flow.md §1), to a tag manager's data layer
 * (tracking_type "gtm") or to the embedding page (tracking_type "parent").
 */
import { postToParent } from '../embed/frame-messages.ts';

export type TrackingType = 'none' | 'gtm' | 'parent';

export interface PageView {
  urlname: string | null;
  path: string;
  title: string;
  location: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Sends one page view the way the group asked for. */
export function sendPageView(type: TrackingType, view: PageView): void {
  if (type === 'gtm') {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({
      event: 'pageview',
      page_path: view.path,
      page_title: view.title,
      page_location: view.location,
      urlname: view.urlname,
    });
  } else if (type === 'parent') {
    postToParent({ type: 'pageView', ...view });
  }
}
