/**
 * Failures that say the database cannot take queries right now — it restarts, a failover is under
 * way, a demoted primary refuses writes — rather than that the request is wrong. The error handler
 * answers them 503 with Retry-After: a client retries the same request (with its Idempotency-Key
 * for a booking) a moment later, while a failover completes (docs/operations.md).
 */

/** Seconds a client waits before retrying: about one failover's promotion time. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server was stopped under the connection
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '25006', // read_only_sql_transaction: a write reached a standby or a just-demoted primary
]);

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages of node-postgres (pg, pg-pool) for a connection lost or never made. */
const DRIVER_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)))
      return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    // Several addresses tried at once (IPv4 and IPv6) fail as one AggregateError.
    const inner = (cause as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.some(isDatabaseUnavailable)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
