/** The tracking wired to a group: its tags, and a page view on every route change. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { Group } from '../../api/group.ts';
import { useTrackingAllowed } from './consent.ts';
import { sendPageView } from './page-views.ts';
import { injectTrackingTags } from './tracking-tags.ts';

/** Injects the group's tracking tags and sends page views, unless the visitor refused. */
export function useGroupTracking(group: Group | null, title: string) {
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
    sendPageView(type, {
      urlname,
      path: location.pathname,
      title: title || document.title,
      location: window.location.href,
    });
  }, [allowed, type, urlname, location.pathname, location.search]);
}
