/**
 * What useQuery and useInfiniteQuery share (docs/decisions/020-own-query-module.md): a component
 * kept on a key's query — subscribed (its changes rendered in a transition), fetching it when due (on mount,
 * on a new key, when enabled, on an interval) — and the result it reads, by status.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useStoreInTransition } from '../lib/use-store-in-transition.ts';
import type { Fetcher, Observer, Query, QueryStatus } from './cached-query.ts';
import type { QueryClient } from './client.ts';
import type { QueryKey } from './keys.ts';
import type { Retry, RetryDelay } from './retry.ts';

export interface ObserverOptions<T> {
  enabled?: boolean;
  staleTime?: number;
  gcTime?: number;
  retry?: Retry;
  retryDelay?: RetryDelay;
  /** Fetches again every so many ms while shown (and the page visible); false for never. */
  refetchInterval?: number | false | ((query: Query<T>) => number | false | undefined);
}

interface ResultBase {
  fetchStatus: 'idle' | 'fetching';
  isLoading: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  dataUpdatedAt: number;
  refetch: () => Promise<void>;
}

/** By status, as TanStack Query's, so that `if (query.isPending) return …` narrows `data`. */
export type QueryResult<T> = ResultBase &
  (
    | { status: 'pending'; data: undefined; error: null; isPending: true; isSuccess: false; isError: false }
    | {
        status: 'error';
        data: T | undefined;
        error: Error;
        isPending: false;
        isSuccess: false;
        isError: true;
      }
    | { status: 'success'; data: T; error: null; isPending: false; isSuccess: true; isError: false }
  );

/** Applies the client's defaults and the component's fetch rules to the key's query. */
export function prepare<T>(
  client: QueryClient,
  queryKey: QueryKey,
  options: ObserverOptions<T>,
  fetcher: Fetcher<T>,
  initialData?: T,
) {
  const settings = { ...client.queryDefaults, ...options };
  const query = client.build<T>(queryKey, initialData, settings.gcTime);
  query.fetcher = fetcher;
  query.retry = settings.retry ?? 3;
  query.retryDelay = settings.retryDelay;
  return { query, enabled: settings.enabled !== false, staleTime: settings.staleTime ?? 0 };
}

/**
 * Keeps a component on a query: subscribed to its state, counted among its observers, fetching it
 * when it first shows it (or is enabled) and it is due, and on the interval asked for.
 */
export function useObserver<T>(
  query: Query<T>,
  enabled: boolean,
  staleTime: number,
  options: ObserverOptions<T>,
) {
  const state = useStoreInTransition(query.subscribe, () => query.state);
  const observer = useRef<Observer>({ enabled, staleTime }).current;
  observer.enabled = enabled;
  observer.staleTime = staleTime;
  // The query and the enabled flag this component last fetched with: a change of either fetches.
  const seen = useRef<{ query?: Query<T>; enabled?: boolean }>({});

  useEffect(() => {
    const leave = query.observe(observer);
    return () => {
      leave();
      seen.current = {};
    };
  }, [query, observer]);

  useEffect(() => {
    const before = seen.current;
    seen.current = { query, enabled };
    if (enabled && (before.query !== query || !before.enabled) && query.isStale(observer.staleTime)) {
      void query.fetch();
    }
  }, [query, enabled, observer]);

  const interval =
    typeof options.refetchInterval === 'function' ? options.refetchInterval(query) : options.refetchInterval;
  useEffect(() => {
    if (!enabled || !interval) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void query.fetch();
    }, interval);
    return () => clearInterval(timer);
  }, [query, enabled, interval]);

  // As TanStack Query's first render: a fetch the effect above is about to start shows already.
  const aboutToFetch =
    enabled &&
    state.fetchStatus === 'idle' &&
    (seen.current.query !== query || !seen.current.enabled) &&
    query.isStale(staleTime);
  const refetch = useCallback(() => query.fetch(true), [query]);
  return { state, aboutToFetch, refetch };
}

export function resultOf<T>(
  { state, aboutToFetch, refetch }: ReturnType<typeof useObserver<unknown>>,
  data: T | undefined,
  isPlaceholderData: boolean,
): QueryResult<T> {
  const fetching = state.fetchStatus === 'fetching' || aboutToFetch;
  const reloading = aboutToFetch && state.data === undefined;
  const status: QueryStatus = isPlaceholderData ? 'success' : reloading ? 'pending' : state.status;
  return {
    data,
    error: reloading ? null : state.error,
    status,
    fetchStatus: fetching ? 'fetching' : 'idle',
    isPending: status === 'pending',
    isLoading: status === 'pending' && fetching,
    isFetching: fetching,
    isSuccess: status === 'success',
    isError: status === 'error',
    isPlaceholderData,
    dataUpdatedAt: state.dataUpdatedAt,
    refetch,
  } as QueryResult<T>;
}
