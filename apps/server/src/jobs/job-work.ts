/**
 * Every kind of job and every periodic task the server runs (docs/jobs.md): the one list a new kind
 * of background work is added to. Every server process runs all of them.
 */
import type { ServerConfig } from '../config.ts';
import { REMINDER_JOB } from '../modules/appointments/reminder-schedule.ts';
import { reminderJobHandler } from '../modules/reminders/reminder-job.ts';
import { WAITLIST_SCAN, waitlistScanHandler } from '../modules/waitlist/waitlist-scan.ts';
import { purgeWebhookLog, webhookDeliveryHandler } from '../modules/webhooks/webhook-delivery.ts';
import { WEBHOOK_JOB_KIND } from '../modules/webhooks/webhook-retry.ts';
import { createSmsProvider } from '../sms/create-sms-provider.ts';
import { SMS_JOB, smsJobHandler } from '../sms/sms-job.ts';
import type { SmsProvider } from '../sms/sms-provider.ts';
import type { JobRunnerOptions } from './job-runner.ts';

export function jobWork(
  config: Pick<ServerConfig, 'sms' | 'dataDir'>,
  options: { smsProvider?: SmsProvider } = {},
): Pick<JobRunnerOptions, 'handlers' | 'periodic'> {
  return {
    handlers: {
      [REMINDER_JOB]: reminderJobHandler,
      [SMS_JOB]: smsJobHandler(options.smsProvider ?? createSmsProvider(config)),
      // docs/webhooks.md
      [WEBHOOK_JOB_KIND]: webhookDeliveryHandler(),
      // docs/waitlist.md
      [WAITLIST_SCAN]: waitlistScanHandler,
    },
    periodic: [purgeWebhookLog],
  };
}
