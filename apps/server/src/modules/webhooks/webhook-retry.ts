/**
 * How long a delivery is tried (docs/webhooks.md "Retries"): 30 s after the first failure,
 * doubling up to four hours between tries, for a day; the try after a day of failures is the last.
 */
import { backoffMs } from '../../jobs/job-policy.ts';

export const WEBHOOK_JOB_KIND = 'webhook.delivery';
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;

export const webhookRetryDelayMs = (failedAttempts: number) =>
  backoffMs(failedAttempts, 30_000, 4 * 3_600_000);

/** Tries in all: enough failures to span the window, and one try after it. */
export const WEBHOOK_MAX_ATTEMPTS = (() => {
  let waited = 0;
  let failures = 0;
  while (waited < WEBHOOK_RETRY_WINDOW_MS) {
    failures += 1;
    waited += webhookRetryDelayMs(failures);
  }
  return failures + 1;
})();

/** The delivery log keeps a month: long enough to replay, short for the personal data it holds. */
export const WEBHOOK_LOG_RETENTION_MS = 30 * 24 * 3_600_000;
