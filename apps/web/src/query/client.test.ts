/** The query cache (docs/decisions/020-own-query-module.md): shared fetches, latest answer, prefix invalidation. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QueryClient } from './client.ts';

/** A fetch the test ends by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const shown = (enabled = true) => ({ enabled, staleTime: 0 });

describe('QueryClient', () => {
  it('shares one running fetch between callers', async () => {
    const client = new QueryClient();
    const query = client.build<number>(['a']);
    let calls = 0;
    const answer = deferred<number>();
    query.fetcher = () => {
      calls++;
      return answer.promise;
    };
    const first = query.fetch();
    const second = query.fetch();
    expect(query.state.fetchStatus).toBe('fetching');
    answer.resolve(7);
    await Promise.all([first, second]);
    expect(calls).toBe(1);
    expect(query.state).toMatchObject({ data: 7, status: 'success', fetchStatus: 'idle' });
  });

  it('keeps the latest fetch’s answer, whatever order the answers arrive in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 2, max: 6 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
            ),
          ),
        fc.boolean(),
        async ([n, order], failOld) => {
          const client = new QueryClient();
          const query = client.build<number>(['k']);
          query.retry = false;
          client.setQueryData(['k'], -1);
          const answers = Array.from({ length: n }, () => deferred<number>());
          const signals: AbortSignal[] = [];
          const fetches = answers.map((answer) =>
            query.fetch(true, (context) => {
              signals.push(context.signal);
              return answer.promise;
            }),
          );
          for (const i of order) {
            if (failOld && i < n - 1) answers[i]?.reject(new Error('late'));
            else answers[i]?.resolve(i);
          }
          await Promise.all(fetches);
          expect(query.state).toMatchObject({
            data: n - 1,
            status: 'success',
            error: null,
            fetchStatus: 'idle',
          });
          expect(signals.map((s) => s.aborted)).toEqual(signals.map((_, i) => i < n - 1));
        },
      ),
    );
  });

  it('invalidates every answer under a key prefix, fetching again only those on screen', async () => {
    const client = new QueryClient();
    const fetched: string[] = [];
    const make = (key: unknown[], observer?: ReturnType<typeof shown>) => {
      const query = client.build<string>(key);
      query.fetcher = async () => {
        fetched.push(JSON.stringify(key));
        return 'fresh';
      };
      client.setQueryData(key, 'old');
      if (observer) query.observe(observer);
      return query;
    };
    const a = make(['slots', 5, { start: 'x' }], shown());
    const b = make(['slots', 5, { start: 'y' }]);
    const c = make(['slots', 6, { start: 'x' }], shown());
    const d = make(['slots', 5, { start: 'z' }], shown(false));
    await client.invalidateQueries({ queryKey: ['slots', 5] });
    expect(fetched).toEqual([JSON.stringify(['slots', 5, { start: 'x' }])]);
    expect(a.state).toMatchObject({ data: 'fresh', isInvalidated: false });
    expect(b.state).toMatchObject({ data: 'old', isInvalidated: true });
    expect(d.state.isInvalidated).toBe(true);
    expect(c.state).toMatchObject({ data: 'old', isInvalidated: false });
    expect(b.isStale(Number.POSITIVE_INFINITY)).toBe(true);
  });

  it('reads, writes and drops answers by key, the object fields in any order', () => {
    const client = new QueryClient();
    client.setQueryData(['fiches', 5, { a: 1, b: 2 }], ['x']);
    client.setQueryData(['fiches', 6], ['y']);
    expect(client.getQueryData(['fiches', 5, { b: 2, a: 1 }])).toEqual(['x']);
    // An updater answering undefined leaves the answer as it was.
    client.setQueryData<string[]>(['fiches', 6], () => undefined);
    expect(client.getQueryData(['fiches', 6])).toEqual(['y']);
    client.setQueriesData<string[]>({ queryKey: ['fiches'] }, (old) => [...(old ?? []), 'z']);
    expect(client.getQueryData(['fiches', 6])).toEqual(['y', 'z']);
    client.removeQueries({ queryKey: ['fiches', 5] });
    expect(client.getQueryData(['fiches', 5, { a: 1, b: 2 }])).toBeUndefined();
    expect(client.getQueryData(['fiches', 6])).toEqual(['y', 'z']);
  });

  it('aborts a dropped query’s fetch, and the fetch no one shows any more if it read its signal', async () => {
    const client = new QueryClient();
    const dropped = client.build<number>(['dropped']);
    let droppedSignal: AbortSignal | undefined;
    dropped.fetcher = (context) => {
      droppedSignal = context.signal;
      return new Promise(() => {});
    };
    void dropped.fetch();
    client.removeQueries({ queryKey: ['dropped'] });
    expect(droppedSignal?.aborted).toBe(true);

    const left = client.build<number>(['left']);
    let leftSignal: AbortSignal | undefined;
    left.fetcher = (context) => {
      leftSignal = context.signal;
      return new Promise(() => {});
    };
    const leave = left.observe(shown());
    void left.fetch();
    leave();
    expect(leftSignal?.aborted).toBe(true);
    expect(left.state).toMatchObject({ fetchStatus: 'idle', status: 'pending' });
  });

  it('retries as the query says, and shows the error once it gives up', async () => {
    const client = new QueryClient();
    const cases: [retry: boolean | number | ((n: number, e: Error) => boolean), attempts: number][] = [
      [false, 1],
      [1, 2],
      [2, 3],
      [(failures, error) => error.message !== 'final' && failures < 5, 1],
    ];
    for (const [retry, attempts] of cases) {
      const query = client.build<number>(['r', String(retry)]);
      query.retry = retry;
      query.retryDelay = 0;
      let calls = 0;
      query.fetcher = async () => {
        calls++;
        throw new Error(typeof retry === 'function' ? 'final' : 'again');
      };
      await query.fetch();
      expect(calls).toBe(attempts);
      expect(query.state.status).toBe('error');
    }
  });
  it('prefetches an answer once, for the component that asks for it later, and not again while fresh', async () => {
    const client = new QueryClient();
    let calls = 0;
    const answer = deferred<number>();
    const options = {
      queryKey: ['list', 1] as const,
      queryFn: () => {
        calls++;
        return answer.promise;
      },
      staleTime: 60_000,
    };
    client.prefetchQuery(options);
    client.prefetchQuery(options);
    // A component asking now joins the fetch on its way.
    const query = client.build<number>(['list', 1]);
    const joined = query.fetch();
    answer.resolve(3);
    await joined;
    expect(calls).toBe(1);
    expect(client.getQueryData<number>(['list', 1])).toBe(3);
    client.prefetchQuery(options);
    expect(calls).toBe(1);
    // Due again (stale time 0): fetched.
    client.prefetchQuery({ ...options, queryFn: async () => ++calls * 10, staleTime: 0 });
    await query.fetch();
    expect(calls).toBe(2);
    expect(client.getQueryData<number>(['list', 1])).toBe(20);
  });
});
