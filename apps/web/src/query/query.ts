/**
 * The app's server-state cache (docs/decisions/020-own-query-module.md): the part of TanStack
 * Query's API the app uses — QueryClient, QueryClientProvider/useQueryClient, useQuery,
 * useMutation, queryOptions, keepPreviousData — with its meaning (useInfiniteQuery, for one
 * back-office screen, is imported from its own file so that booking pages do not carry it), in a fraction
 * of its size, since it loads with every page.
 */
export { type ClientOptions, QueryClient } from './client.ts';
export type { QueryResult } from './observer.ts';
export { QueryClientProvider, useQueryClient } from './provider.tsx';
export { useMutation } from './use-mutation.ts';
export { keepPreviousData, type QueryOptions, queryOptions, useQuery } from './use-query.ts';
