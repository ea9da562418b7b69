/**
 * The page's query parameters, parsed once per URL by @creneau/core/url/query-params (the single
 * module that knows every recognised parameter and its rules).
 */
import { localDateIn } from '@creneau/core/time/time-zone';
import { type ParsedQuery, parseQueryParams } from '@creneau/core/url/query-params';
import { useMemo } from 'react';
import { useLocation } from '../routing/routing.ts';

/** Parses a query string; `timeZone` decides what "today" is for an invalid date. */
export function parseQuery(search: string, timeZone = 'Europe/Paris', now = new Date()): ParsedQuery {
  return parseQueryParams(search, { today: localDateIn(now, timeZone) });
}

/** The current page's parsed query. */
export function useParsedQuery(timeZone?: string): ParsedQuery {
  const { search } = useLocation();
  return useMemo(() => parseQuery(search, timeZone), [search, timeZone]);
}
