/** Exponential backoff: `baseMs` after the first failed try, doubling after each, never above `capMs`. */
export function backoffMs(failedAttempts: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, failedAttempts - 1));
}
