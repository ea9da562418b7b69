/**
 * The cache of answers by query key, and what the app does to it from outside a component
 * (docs/decisions/020-own-query-module.md): read, write, invalidate or drop every answer under a
 * key prefix.
 */

import { Query } from './cached-query.ts';
import { hashKey, matchesKey, type QueryKey, type TaggedKey } from './keys.ts';
import type { Retry, RetryDelay } from './retry.ts';

export interface QueryDefaults {
  staleTime?: number;
  gcTime?: number;
  retry?: Retry;
  retryDelay?: RetryDelay;
  /** Accepted for TanStack Query's meaning; a refetch on focus is not done (the app turns it off). */
  refetchOnWindowFocus?: boolean;
}

export interface ClientOptions {
  defaultOptions?: {
    queries?: QueryDefaults;
    mutations?: { retry?: Retry; retryDelay?: RetryDelay };
  };
}

export interface QueryFilter {
  queryKey: QueryKey;
}

type Updater<T> = T | undefined | ((old: T | undefined) => T | undefined);

/** TanStack Query's: an answer no component has shown for 5 minutes leaves the cache. */
const GC_TIME = 5 * 60_000;

export class QueryClient {
  private readonly queries = new Map<string, Query<unknown>>();

  constructor(readonly options: ClientOptions = {}) {}

  get queryDefaults(): QueryDefaults {
    return this.options.defaultOptions?.queries ?? {};
  }

  /** The query of a key, made (with `initialData`, if any) the first time it is asked for. */
  build<T>(queryKey: QueryKey, initialData?: T, gcTime = this.queryDefaults.gcTime ?? GC_TIME): Query<T> {
    const hash = hashKey(queryKey);
    let query = this.queries.get(hash) as Query<T> | undefined;
    if (!query) {
      const made: Query<T> = new Query<T>(
        queryKey,
        hash,
        () => this.queries.get(hash) === made && this.remove(made as Query<unknown>),
        initialData,
        gcTime,
      );
      this.queries.set(hash, made as Query<unknown>);
      query = made;
    }
    return query;
  }

  /**
   * Starts fetching an answer no component shows yet, unless one is fresh or on its way: the
   * component that asks for it later finds it there (TanStack Query's prefetchQuery).
   */
  prefetchQuery<T>(options: {
    queryKey: TaggedKey<T>;
    queryFn: (context: { queryKey: QueryKey; signal: AbortSignal }) => Promise<T>;
    staleTime?: number | undefined;
  }): void {
    const { queryKey, queryFn } = options;
    const query = this.build<T>(queryKey);
    if (!query.isStale(options.staleTime ?? this.queryDefaults.staleTime ?? 0)) return;
    void query.fetch(false, (context) =>
      queryFn({
        queryKey,
        get signal() {
          return context.signal;
        },
      }),
    );
  }

  /** The queries whose key falls under the filter's. */
  findAll(filter: QueryFilter): Query<unknown>[] {
    return [...this.queries.values()].filter((query) => matchesKey(query.queryKey, filter.queryKey));
  }

  getQueryData<T = unknown>(queryKey: TaggedKey<T>): T | undefined {
    return this.queries.get(hashKey(queryKey))?.state.data as T | undefined;
  }

  /** Writes an answer as if fetched now; an updater returning undefined leaves it as it was. */
  setQueryData<T>(queryKey: TaggedKey<T>, updater: Updater<NoInfer<T>>): T | undefined {
    const query = this.build<T>(queryKey);
    const data =
      typeof updater === 'function'
        ? (updater as (old: T | undefined) => T | undefined)(query.state.data)
        : updater;
    if (data !== undefined) query.setData(data);
    return data;
  }

  /** setQueryData on every cached answer under the filter's key. */
  setQueriesData<T>(filter: QueryFilter, updater: Updater<T>): void {
    for (const query of this.findAll(filter)) this.setQueryData<T>(query.queryKey, updater);
  }

  /**
   * Marks the answers under the key as due and fetches again those on screen (aborting a fetch
   * already running for them); resolves when those fetches end. The others fetch when next shown.
   */
  invalidateQueries(filter: QueryFilter): Promise<void> {
    const fetches = this.findAll(filter).map((query) => {
      query.setState({ isInvalidated: true });
      return query.isActive() ? query.fetch(true) : undefined;
    });
    return Promise.all(fetches).then(() => undefined);
  }

  /** Forgets the answers under the key; a component still showing one fetches it again when it renders. */
  removeQueries(filter: QueryFilter): void {
    for (const query of this.findAll(filter)) this.remove(query);
  }

  private remove(query: Query<unknown>): void {
    this.queries.delete(query.queryHash);
    query.destroy();
  }

  /** Back online: what is on screen and due is fetched again (TanStack Query's refetch on reconnect). */
  refetchDue(): void {
    for (const query of this.queries.values()) {
      if ([...query.observers].some((o) => o.enabled && query.isStale(o.staleTime))) void query.fetch();
    }
  }
}
