/** The tracking wired to a group: its tools, and a page view on every route change. */
import { useEffect } from 'react';
import type { Group } from '../../api/group.ts';
import { useLocation } from '../../routing/routing.ts';
import { useTrackingAllowed } from './consent.ts';
import { sendPageView } from './page-views.ts';

/** How long a location must stay before it counts as a page view. */
const SETTLE_MS = 150;

/** Loads the group's tracking tools and sends page views, unless the visitor refused. */
export function useGroupTracking(group: Group | null) {
  const allowed = useTrackingAllowed();
  const location = useLocation();
  const gtm = group?.tracking?.gtm_container_id ?? null;
  const ga = group?.tracking?.ga_measurement_id ?? null;

  useEffect(() => {
    if (!allowed || (!gtm && !ga)) return;
    // Few groups use these tools: their loader comes with the first page that needs it, not with
    // every page's first load.
    let remove: (() => void) | null = null;
    let gone = false;
    void import('./tracking-tools.ts').then(({ loadTrackingTools }) => {
      if (!gone) remove = loadTrackingTools({ gtm_container_id: gtm, ga_measurement_id: ga });
    });
    return () => {
      gone = true;
      remove?.();
    };
  }, [allowed, gtm, ga]);

  const type = group?.tracking_type ?? 'none';
  const urlname = group?.urlname ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per route, not per title change
  useEffect(() => {
    if (!allowed || type === 'none') return;
    // The group's entry only redirects (to home or the first step): it is not a page view. Other
    // redirects settle within a moment, so the view is sent once the location has stayed.
    if (urlname && location.pathname.replace(/\/$/, '') === `/${urlname}`) return;
    const timer = setTimeout(() => {
      sendPageView(type, {
        urlname,
        path: location.pathname,
        title: document.title,
        location: window.location.href,
      });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [allowed, type, urlname, location.pathname, location.search]);
}
