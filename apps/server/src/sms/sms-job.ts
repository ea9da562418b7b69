/**
 * Sending one text message is a job (docs/jobs.md): written in the transaction that decides it,
 * tried until the provider takes it, at least once — the provider call happens outside the database.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import { standardRetry } from '../jobs/job-policy.ts';
import { GiveUp, type JobHandler } from '../jobs/job-runner.ts';
import { insertJob } from '../jobs/jobs.repository.ts';
import { type SmsProvider, SmsRejected, type TextMessage } from './sms-provider.ts';

export const SMS_JOB = 'sms.send';
/** 10 s doubling to an hour: about a day of provider outage before the message is given up. */
const MAX_ATTEMPTS = 30;

export function enqueueSms(
  db: Kysely<Database> | Transaction<Database>,
  message: TextMessage & { groupId: number },
  now: Date,
) {
  const { groupId, ...payload } = message;
  return insertJob(db, {
    kind: SMS_JOB,
    payload: { ...payload },
    groupId,
    runAt: now,
    onceKey: `sms:${message.id}`,
    maxAttempts: MAX_ATTEMPTS,
  });
}

export function smsJobHandler(provider: SmsProvider): JobHandler {
  return {
    mode: 'outside',
    retryDelayMs: standardRetry,
    async run(job) {
      const { to, text, id } = job.payload as unknown as TextMessage;
      try {
        await provider.send({ to, text, id });
      } catch (error) {
        if (error instanceof SmsRejected) throw new GiveUp(error.message);
        throw error;
      }
    },
  };
}
