import { backoffMs } from '../jobs/job-policy.ts';

/** When a mail that could not be delivered is tried again, when the worker gives up on it, and how long rows stay. */

export const RETRY_BASE_MS = 5_000;
export const RETRY_CAP_MS = 60 * 60_000;
/**
 * 50 attempts: 5 s doubling to the 1-hour cap after ten tries, then hourly — about 40 hours of
 * mail-server outage absorbed before a mail is marked failed.
 */
export const MAX_ATTEMPTS = 50;
/** How long a claimed mail is left to the worker sending it by default (config MAIL_CLAIM_LEASE_MS); far above the SMTP timeouts. */
export const CLAIM_LEASE_MS = 10 * 60_000;

/** Delay before the next try after `attempts` failed tries: 5 s × 2^(attempts−1), at most 1 hour. */
export function retryDelayMs(attempts: number): number {
  return backoffMs(attempts, RETRY_BASE_MS, RETRY_CAP_MS);
}

/** Delivered mails are kept a week (to answer "did it go out?"), failed ones a month for the operator. */
export const SENT_RETENTION_MS = 7 * 24 * 3600_000;
export const FAILED_RETENTION_MS = 30 * 24 * 3600_000;
/** How often a worker purges old rows; several replicas doing it too is harmless. */
export const PURGE_INTERVAL_MS = 3600_000;
