/**
 * When the server says it is busy (503 with Retry-After: docs/operations.md "Under overload"), which
 * calls the client repeats by itself, and after how long. Pure: the clock and the dice are given.
 */

/** The shortest and longest wait before a retry, whatever Retry-After says. */
export const BUSY_MIN_WAIT_MS = 1000;
export const BUSY_MAX_WAIT_MS = 30_000;
/** Retries of one call; past them its 503 reaches the page as any failure does. */
export const BUSY_MAX_RETRIES = 5;
/**
 * Up to half the server's delay is added at random: thousands of visitors refused in the same
 * second must not all come back in the same second, or the next wave is refused too.
 */
export const BUSY_JITTER = 0.5;

/**
 * The delay a Retry-After header asks for, in ms: a number of seconds or an HTTP date (RFC 9110
 * §10.2.3); undefined when it is absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // A date names its day or month; anything else ("-3", "") is no delay, whatever Date.parse makes of it.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface BusyAnswer {
  status: number;
  /** The answer's Retry-After header, as received. */
  retryAfter: string | null;
  method: string;
  /** Whether the request carried an Idempotency-Key: the server then answers a repeat with the first result. */
  idempotent: boolean;
  /** This would be retry number… (1 for the first). */
  retry: number;
}

/**
 * Whether to repeat the call: a 503 that says when to come back, and a call that is safe to send
 * twice — a read, or a write carrying an Idempotency-Key (a booking), so that nothing is ever
 * booked twice.
 */
export function mayRetryBusy(answer: BusyAnswer): boolean {
  if (answer.status !== 503 || answer.retryAfter === null || answer.retry > BUSY_MAX_RETRIES) return false;
  return answer.method === 'GET' || answer.idempotent;
}

/** The wait before the retry in ms, or undefined when the call is not to be retried. */
export function busyRetryDelay(answer: BusyAnswer, now: number, random: () => number): number | undefined {
  if (!mayRetryBusy(answer)) return undefined;
  const asked = retryAfterMs(answer.retryAfter, now);
  if (asked === undefined) return undefined;
  const base = Math.min(BUSY_MAX_WAIT_MS, Math.max(BUSY_MIN_WAIT_MS, asked));
  return Math.min(BUSY_MAX_WAIT_MS, Math.round(base * (1 + BUSY_JITTER * random())));
}

/** Whether a request's headers carry an Idempotency-Key (any spelling of the name). */
export function hasIdempotencyKey(headers: Record<string, string> | undefined): boolean {
  return Object.entries(headers ?? {}).some(
    ([name, value]) => name.toLowerCase() === 'idempotency-key' && value !== '',
  );
}
