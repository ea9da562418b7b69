// @vitest-environment jsdom
/** useQuery, useInfiniteQuery and useMutation in components (docs/decisions/020-own-query-module.md). */
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { keepPreviousData, QueryClient, QueryClientProvider, useMutation, useQuery } from './query.ts';
import { useInfiniteQuery } from './use-infinite-query.ts';

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** What each render of the components below said, in order. */
const renders: string[] = [];

/** A component showing the key ['greeting']. */
function Show({ name, queryFn }: { name: string; queryFn: () => Promise<string> }) {
  const q = useQuery({ queryKey: ['greeting'], queryFn });
  renders.push(`${name} ${q.status} ${q.isFetching}`);
  return <p data-testid={name}>{q.isPending ? `pending ${q.isFetching}` : q.data}</p>;
}

describe('useQuery', () => {
  it('fetches once for every component showing a key, saying so from the first render', async () => {
    const client = new QueryClient();
    let calls = 0;
    const greet = async () => {
      calls++;
      return 'hello';
    };
    render(
      <QueryClientProvider client={client}>
        <Show name="a" queryFn={greet} />
        <Show name="b" queryFn={greet} />
      </QueryClientProvider>,
    );
    // The very first render already says a fetch is under way, as TanStack Query's does.
    expect(renders.slice(0, 2)).toEqual(['a pending true', 'b pending true']);
    await waitFor(() => expect(screen.getByTestId('b').textContent).toBe('hello'));
    expect(screen.getByTestId('a').textContent).toBe('hello');
    expect(calls).toBe(1);
  });

  it('keeps the previous key’s answer as a placeholder, selects, and waits while disabled', async () => {
    const client = new QueryClient();
    const answers = new Map<number, (value: { n: number }) => void>();
    const { result, rerender } = renderHook(
      ({ page, enabled }: { page: number; enabled: boolean }) =>
        useQuery({
          queryKey: ['page', page],
          queryFn: () => new Promise<{ n: number }>((resolve) => answers.set(page, resolve)),
          select: (answer) => answer.n * 10,
          placeholderData: keepPreviousData,
          enabled,
        }),
      { wrapper: wrapper(client), initialProps: { page: 1, enabled: false } },
    );
    expect(result.current).toMatchObject({ isPending: true, isFetching: false, data: undefined });
    expect(answers.size).toBe(0);
    rerender({ page: 1, enabled: true });
    await waitFor(() => expect(answers.has(1)).toBe(true));
    act(() => answers.get(1)?.({ n: 1 }));
    await waitFor(() => expect(result.current.data).toBe(10));
    rerender({ page: 2, enabled: true });
    expect(result.current).toMatchObject({
      data: 10,
      isPlaceholderData: true,
      isSuccess: true,
      isFetching: true,
    });
    await waitFor(() => expect(answers.has(2)).toBe(true));
    act(() => answers.get(2)?.({ n: 2 }));
    await waitFor(() => expect(result.current).toMatchObject({ data: 20, isPlaceholderData: false }));
  });

  it('shows an answer still fresh without fetching it again, and an error with no answer', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['fresh'], 'cached');
    let calls = 0;
    const fresh = renderHook(
      () => useQuery({ queryKey: ['fresh'], queryFn: async () => `fetched ${++calls}`, staleTime: 60_000 }),
      { wrapper: wrapper(client) },
    );
    expect(fresh.result.current).toMatchObject({ data: 'cached', isFetching: false });
    const failing = renderHook(
      () =>
        useQuery({
          queryKey: ['broken'],
          queryFn: async (): Promise<string> => {
            throw new Error('down');
          },
        }),
      { wrapper: wrapper(client) },
    );
    await waitFor(() => expect(failing.result.current.isError).toBe(true));
    expect(failing.result.current.error?.message).toBe('down');
    expect(calls).toBe(0);
  });
});

describe('useInfiniteQuery', () => {
  it('adds the next page, and reads every loaded page again on refetch', async () => {
    const client = new QueryClient();
    const asked: (number | undefined)[] = [];
    let version = 0;
    const { result } = renderHook(
      () =>
        useInfiniteQuery({
          queryKey: ['log'],
          initialPageParam: undefined as number | undefined,
          queryFn: async ({ pageParam }) => {
            asked.push(pageParam);
            const top = pageParam ?? 30;
            return { ids: [top - 1, top - 2].map((id) => id + version), more: top > 20 };
          },
          getNextPageParam: (last) => (last.more ? last.ids.at(-1) : undefined),
        }),
      { wrapper: wrapper(client) },
    );
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    expect(result.current.data?.pages.flatMap((p) => p.ids)).toEqual([29, 28, 27, 26]);
    version = 100;
    await act(() => result.current.refetch());
    expect(asked).toEqual([undefined, 28, undefined, 128]);
    expect(result.current.data?.pageParams).toEqual([undefined, 128]);
  });
});

describe('useMutation', () => {
  it('waits for the hook’s onSuccess, then runs the call’s own callbacks', async () => {
    const client = new QueryClient();
    const order: string[] = [];
    let release!: () => void;
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async (n: number) => n * 2,
          onSuccess: (data) =>
            new Promise<void>((resolve) => {
              order.push(`hook ${data}`);
              release = resolve;
            }),
        }),
      { wrapper: wrapper(client) },
    );
    act(() => result.current.mutate(4, { onSuccess: (data) => order.push(`call ${data}`) }));
    await waitFor(() => expect(order).toEqual(['hook 8']));
    expect(result.current).toMatchObject({ isPending: true, variables: 4 });
    await act(async () => release());
    await waitFor(() => expect(result.current).toMatchObject({ isSuccess: true, data: 8 }));
    expect(order).toEqual(['hook 8', 'call 8']);
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ isIdle: true, data: undefined, variables: undefined });
  });

  it('keeps a failure in its state: mutate does not reject, mutateAsync does', async () => {
    const client = new QueryClient();
    const errors: string[] = [];
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async (): Promise<void> => {
            throw new Error('refused');
          },
          onError: (error) => void errors.push(error.message),
        }),
      { wrapper: wrapper(client) },
    );
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('refused');
    await expect(result.current.mutateAsync()).rejects.toThrow('refused');
    expect(errors).toEqual(['refused', 'refused']);
  });
});
