/**
 * In-app paths. The query string is kept when moving between pages (docs/requirements/booking-flow.md §2 routing rules),
 * so every internal link is built with the current search.
 */
import { useCallback } from 'react';
import { type To, useLocation, useParams } from '../routing/routing.ts';

/** "/{urlname}" or "/{urlname}/{page}". */
export function groupPath(urlname: string, page = ''): string {
  return `/${urlname}${page ? `/${page.replace(/^\//, '')}` : ''}`;
}

/** A link target inside the current group that keeps the current query string. */
export function useGroupLink(): (page?: string) => To {
  const { urlname = '' } = useParams();
  const { search } = useLocation();
  return useCallback((page = '') => ({ pathname: groupPath(urlname, page), search }), [urlname, search]);
}

/** A link target anywhere in the app that keeps the current query string. */
export function useKeepQuery(): (pathname: string) => To {
  const { search } = useLocation();
  return useCallback((pathname: string) => ({ pathname, search }), [search]);
}
