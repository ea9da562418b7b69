/** Trying a failing call again, with TanStack Query's rules (docs/decisions/020-own-query-module.md). */

/** `true` always, a number of retries, or a rule given the failures so far (0 at the first) and the error. */
export type Retry = boolean | number | ((failures: number, error: Error) => boolean);
export type RetryDelay = number | ((failures: number, error: Error) => number);

/** 1 s, 2 s, 4 s… up to 30 s: TanStack Query's default wait. */
const doubling = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

/**
 * Calls `attempt` until it succeeds or `retry` says to stop; the wait between attempts is
 * `retryDelay`. An aborted signal, or `stopped()` turning true, ends the retries with the last error.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  retry: Retry,
  retryDelay: RetryDelay = doubling,
  stopped: () => boolean = () => false,
): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      const reason = error as Error;
      const again =
        retry === true ||
        (typeof retry === 'number' && failures < retry) ||
        (typeof retry === 'function' && retry(failures, reason));
      if (!again || stopped()) throw error;
      const wait = typeof retryDelay === 'function' ? retryDelay(failures, reason) : retryDelay;
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped()) throw error;
    }
  }
}
