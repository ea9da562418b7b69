/** The tracking wired to a group: its tags, and a page view on every route change. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { Group } from '../../api/group.ts';
import { useTrackingAllowed } from './consent.ts';
import { sendPageView } from './page-views.ts';
import { injectTrackingTags } from './tracking-tags.ts';

/** How long a location must stay before it counts as a page view. */
const SETTLE_MS = 150;

/** Injects the group's tracking tags and sends page views, unless the visitor refused. */
export function useGroupTracking(group: Group | null) {
  const allowed = useTrackingAllowed();
  const location = useLocation();
  const tags = group?.tracking_tags;

  useEffect(() => {
    if (!allowed || !tags?.length) return;
    return injectTrackingTags(tags);
  }, [allowed, tags]);

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
