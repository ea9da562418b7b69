/**
 * Every kind of job and every periodic task the server runs (docs/jobs.md): the one list a new kind
 * of background work is added to. Every server process runs all of them.
 */
import { purgeWebhookLog, webhookDeliveryHandler } from '../modules/webhooks/webhook-delivery.ts';
import { WEBHOOK_JOB_KIND } from '../modules/webhooks/webhook-retry.ts';
import type { JobRunnerOptions } from './job-runner.ts';

export function jobWork(): Pick<JobRunnerOptions, 'handlers' | 'periodic'> {
  return {
    handlers: {
      // docs/webhooks.md
      [WEBHOOK_JOB_KIND]: webhookDeliveryHandler(),
    },
    periodic: [purgeWebhookLog],
  };
}
