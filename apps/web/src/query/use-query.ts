/**
 * useQuery with TanStack Query's meaning for the options the app uses
 * (docs/decisions/020-own-query-module.md): the cached answer of a key, fetched when due, the
 * previous key's answer kept as a placeholder if asked, and a selected part of it.
 */
import { useEffect, useMemo, useRef } from 'react';
import { keepEqual, type QueryKey, type TaggedKey } from './keys.ts';
import { type ObserverOptions, prepare, type QueryResult, resultOf, useObserver } from './observer.ts';
import { useQueryClient } from './provider.tsx';

export interface QueryOptions<TData, TSelected = TData> extends ObserverOptions<TData> {
  queryKey: QueryKey;
  queryFn: (context: { queryKey: QueryKey; signal: AbortSignal }) => Promise<TData>;
  select?: (data: TData) => TSelected;
  /** Shown while the key has no answer yet; `keepPreviousData` shows the previous key's answer. */
  placeholderData?: NoInfer<TData> | ((previous: NoInfer<TData> | undefined) => NoInfer<TData> | undefined);
  initialData?: TData;
}

/** Typed options for a key, to share between useQuery calls (TanStack Query's helper: the options as given). */
export const queryOptions = <TData, TSelected = TData>(options: QueryOptions<TData, TSelected>) =>
  options as QueryOptions<TData, TSelected> & { queryKey: TaggedKey<TData> };

/** The placeholder that keeps the previous answer on screen while the next key's loads. */
export const keepPreviousData = <T>(previous: T | undefined): T | undefined => previous;

export function useQuery<TData, TSelected = TData>(
  options: QueryOptions<TData, TSelected>,
): QueryResult<TSelected> {
  const client = useQueryClient();
  const { queryKey, queryFn } = options;
  const { query, enabled, staleTime } = prepare<TData>(
    client,
    queryKey,
    options,
    (context) =>
      queryFn({
        queryKey,
        get signal() {
          return context.signal;
        },
      }),
    options.initialData,
  );
  const { state, aboutToFetch, refetch } = useObserver(query, enabled, staleTime, options);
  const { data, status } = state;

  // The last answer this component showed, for keepPreviousData.
  const previous = useRef<TData | undefined>(undefined);
  let shown = data;
  let isPlaceholderData = false;
  if (data === undefined && status === 'pending' && options.placeholderData !== undefined) {
    const placeholder = options.placeholderData;
    shown =
      typeof placeholder === 'function'
        ? (placeholder as (p?: TData) => TData | undefined)(previous.current)
        : placeholder;
    isPlaceholderData = shown !== undefined;
  }
  useEffect(() => {
    if (data !== undefined) previous.current = data;
  }, [data]);

  const selected = useRef<TSelected | undefined>(undefined);
  const select = options.select;
  const value = useMemo(
    () =>
      shown === undefined || !select
        ? (shown as TSelected | undefined)
        : keepEqual(selected.current, select(shown)),
    [shown, select],
  );
  selected.current = value;
  return useMemo(
    () => resultOf({ state, aboutToFetch, refetch } as never, value, isPlaceholderData),
    [state, aboutToFetch, refetch, value, isPlaceholderData],
  );
}
