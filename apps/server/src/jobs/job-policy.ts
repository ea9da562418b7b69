/** How long work may take and how it is retried: the job queue's and the outbox's common rules (docs/jobs.md). */

/** Exponential backoff: `baseMs` after the first failed try, doubling after each, never above `capMs`. */
export function backoffMs(failedAttempts: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, failedAttempts - 1));
}

/** The usual retry policy of a job: 10 s doubling to an hour. */
export const standardRetry = (failedAttempts: number) => backoffMs(failedAttempts, 10_000, 3_600_000);

/** How long a claimed job is left to its runner by default (JOB_LEASE_MS); far above any handler's own timeouts. */
export const DEFAULT_LEASE_MS = 5 * 60_000;
