/**
 * One cached answer and the fetch that fills it (docs/decisions/020-own-query-module.md): one
 * request at a time per key, shared by every component showing it; a later request that replaces
 * it (an invalidation, a refetch) aborts it, and only the latest request's answer is kept.
 */
import { keepEqual, type QueryKey } from './keys.ts';
import { type Retry, type RetryDelay, withRetry } from './retry.ts';

export type QueryStatus = 'pending' | 'success' | 'error';

export interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
  status: QueryStatus;
  fetchStatus: 'idle' | 'fetching';
  dataUpdatedAt: number;
  isInvalidated: boolean;
  /** What the running fetch is for, when its caller said (the next page of a list…). */
  fetchMeta: unknown;
}

/** What a fetch gets: the signal that aborts it (reading it lets the fetch be aborted) and the data so far. */
export interface FetchContext<T> {
  readonly signal: AbortSignal;
  readonly data: T | undefined;
}

export type Fetcher<T> = (context: FetchContext<T>) => Promise<T>;

/** A component showing the query: what it wants for it. */
export interface Observer {
  enabled: boolean;
  staleTime: number;
}

export class Query<T = unknown> {
  state: QueryState<T>;
  /** Set by the components showing it, from their options (the last one rendered wins). */
  fetcher: Fetcher<T> = () => Promise.reject(new Error('No queryFn'));
  retry: Retry = 3;
  retryDelay: RetryDelay | undefined;
  readonly observers = new Set<Observer>();
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | undefined;
  private running: Promise<void> | undefined;
  private signalRead = false;
  private retriesStopped = false;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly queryKey: QueryKey,
    readonly queryHash: string,
    /** Called when no component has shown the query for its garbage-collection time. */
    private readonly drop: () => void,
    initialData: T | undefined,
    readonly gcTime: number,
  ) {
    const ready = initialData !== undefined;
    this.state = {
      data: initialData,
      error: null,
      status: ready ? 'success' : 'pending',
      fetchStatus: 'idle',
      dataUpdatedAt: ready ? Date.now() : 0,
      isInvalidated: false,
      fetchMeta: undefined,
    };
    this.scheduleGc();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** A new state object on each change, so that useSyncExternalStore sees it. */
  setState(change: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  setData(data: T, updatedAt = Date.now()): void {
    this.setState({
      data: keepEqual(this.state.data, data),
      dataUpdatedAt: updatedAt,
      error: null,
      status: 'success',
      isInvalidated: false,
    });
  }

  /** Whether an answer is due: none yet, invalidated, or older than `staleTime`. */
  isStale(staleTime: number): boolean {
    const { data, isInvalidated, dataUpdatedAt } = this.state;
    return data === undefined || isInvalidated || Date.now() >= dataUpdatedAt + staleTime;
  }

  isActive(): boolean {
    return [...this.observers].some((observer) => observer.enabled);
  }

  /** Adds a component; returns its leaving, which aborts a fetch no one waits for any more. */
  observe(observer: Observer): () => void {
    this.observers.add(observer);
    clearTimeout(this.gcTimer);
    return () => {
      this.observers.delete(observer);
      if (this.observers.size > 0) return;
      // As TanStack Query: a fetch that reads its signal is aborted; one that does not is let
      // finish (its answer fills the cache) but not tried again.
      if (this.signalRead) this.cancel();
      else this.retriesStopped = true;
      this.scheduleGc();
    };
  }

  /**
   * Fetches, unless a fetch is running: then waits for it, or with `replace` (and an answer
   * already shown) aborts it for a new one. Never rejects: the outcome is in the state.
   */
  fetch(replace = false, fetcher: Fetcher<T> = this.fetcher, fetchMeta?: unknown): Promise<void> {
    if (this.running) {
      if (!replace || this.state.data === undefined) return this.running;
      this.cancel();
    }
    const controller = new AbortController();
    this.controller = controller;
    this.signalRead = false;
    this.retriesStopped = false;
    const markRead = () => {
      this.signalRead = true;
    };
    const context: FetchContext<T> = {
      get signal() {
        markRead();
        return controller.signal;
      },
      data: this.state.data,
    };
    const current = () => this.controller === controller;
    this.setState({
      fetchStatus: 'fetching',
      fetchMeta,
      ...(this.state.data === undefined ? { status: 'pending' as const, error: null } : {}),
    });
    const running = withRetry(
      () => fetcher(context),
      this.retry,
      this.retryDelay,
      () => controller.signal.aborted || this.retriesStopped,
    ).then(
      (data) => {
        if (!current()) return;
        this.finish();
        this.setData(data);
      },
      (error: Error) => {
        if (!current()) return;
        this.finish();
        this.setState(
          controller.signal.aborted
            ? {}
            : { error, status: 'error', fetchStatus: 'idle', isInvalidated: false },
        );
      },
    );
    this.running = running;
    return running;
  }

  private finish(): void {
    this.controller = undefined;
    this.running = undefined;
    this.state = { ...this.state, fetchStatus: 'idle', fetchMeta: undefined };
  }

  /** Aborts the running fetch; the state goes back to what it was before it. */
  cancel(): void {
    const controller = this.controller;
    if (!controller) return;
    this.finish();
    controller.abort();
    this.setState({});
  }

  private scheduleGc(): void {
    clearTimeout(this.gcTimer);
    if (Number.isFinite(this.gcTime)) {
      this.gcTimer = setTimeout(() => {
        if (this.observers.size === 0) this.drop();
      }, this.gcTime);
    }
  }

  /** Leaves the cache: no timer or fetch of it stays behind. */
  destroy(): void {
    clearTimeout(this.gcTimer);
    this.cancel();
  }
}
