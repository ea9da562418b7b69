/**
 * useInfiniteQuery with TanStack Query's meaning for the one list read page by page (the webhook
 * delivery log, docs/decisions/020-own-query-module.md). A file of its own: only that back-office
 * screen loads it.
 */
import type { Fetcher } from './cached-query.ts';
import type { QueryKey } from './keys.ts';
import { type ObserverOptions, prepare, type QueryResult, resultOf, useObserver } from './observer.ts';
import { useQueryClient } from './provider.tsx';

export interface InfiniteData<TPage, TParam> {
  pages: TPage[];
  pageParams: TParam[];
}

export interface InfiniteQueryOptions<TPage, TParam> extends ObserverOptions<InfiniteData<TPage, TParam>> {
  queryKey: QueryKey;
  queryFn: (context: { queryKey: QueryKey; signal: AbortSignal; pageParam: TParam }) => Promise<TPage>;
  initialPageParam: TParam;
  /** The next page's parameter after the last page; undefined or null when there is none. */
  getNextPageParam: (last: TPage, pages: TPage[]) => TParam | undefined | null;
}

export type InfiniteQueryResult<TPage, TParam> = QueryResult<InfiniteData<TPage, TParam>> & {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<void>;
};

const NEXT_PAGE = 'next-page';

/**
 * A list read page by page. Reading it again reads the pages loaded so far, in order, each from
 * the one before (TanStack Query's way: a page's parameter may have moved).
 */
export function useInfiniteQuery<TPage, TParam>(
  options: InfiniteQueryOptions<TPage, TParam>,
): InfiniteQueryResult<TPage, TParam> {
  const client = useQueryClient();
  const { queryKey, queryFn, initialPageParam, getNextPageParam } = options;
  type Data = InfiniteData<TPage, TParam>;
  const page = (signal: AbortSignal, pageParam: TParam) => queryFn({ queryKey, signal, pageParam });
  const nextParam = (data: Data) => {
    const last = data.pages.at(-1);
    return last === undefined ? undefined : getNextPageParam(last, data.pages);
  };
  const readAgain: Fetcher<Data> = async (context) => {
    const data: Data = { pages: [], pageParams: [] };
    const count = Math.max(1, context.data?.pages.length ?? 0);
    // The first page's parameter may itself be undefined (the app's delivery log starts so).
    let param = (context.data ? context.data.pageParams[0] : initialPageParam) as TParam | undefined | null;
    do {
      data.pages.push(await page(context.signal, param as TParam));
      data.pageParams.push(param as TParam);
      param = nextParam(data);
    } while (data.pages.length < count && param !== undefined && param !== null);
    return data;
  };
  const { query, enabled, staleTime } = prepare<Data>(client, queryKey, options, readAgain);
  const observed = useObserver(query, enabled, staleTime, options);
  const { data, fetchStatus, fetchMeta } = observed.state;
  const next = data ? nextParam(data) : undefined;
  const fetchNextPage = () =>
    query.fetch(
      true,
      async (context) => {
        const so = context.data ?? { pages: [], pageParams: [] };
        const param = (so.pages.length ? nextParam(so) : initialPageParam) as TParam;
        const added = await page(context.signal, param);
        return { pages: [...so.pages, added], pageParams: [...so.pageParams, param] };
      },
      NEXT_PAGE,
    );
  return {
    ...resultOf(observed as never, data, false),
    hasNextPage: next !== undefined && next !== null,
    isFetchingNextPage: fetchStatus === 'fetching' && fetchMeta === NEXT_PAGE,
    fetchNextPage,
  };
}
