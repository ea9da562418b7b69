/**
 * Sending one delivery (docs/webhooks.md "Signature", "Retries"): a job of mode 'outside' that
 * POSTs the payload, signed as the Standard Webhooks specification says, and records the try in the
 * log. A 2xx answer is success; any other answer, a timeout or a network error throws, and the job
 * queue tries again later with the same webhook-id.
 */
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { describeError, type JobHandler, type PeriodicTask } from '../../jobs/job-runner.ts';
import { guardedLookup, refuseForbiddenLiteral } from './webhook-address.ts';
import { WEBHOOK_LOG_RETENTION_MS, webhookRetryDelayMs } from './webhook-retry.ts';
import * as repo from './webhooks.repository.ts';

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
/** A receiver's answer is not read beyond this: only its status matters. */
const MAX_ANSWER_BYTES = 64 * 1024;

class DeliveryFailed extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
  }
}

/** POSTs `body` and answers the status; throws on a network error, a timeout or a forbidden address. */
export function postOnce(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    refuseForbiddenLiteral(target.hostname, options.allowPrivate);
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate) as never,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        response.on('close', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', (error) =>
      reject(error.name === 'AbortError' ? new Error(`no answer within ${options.timeoutMs} ms`) : error),
    );
    request.end(body);
  });
}

export function webhookDeliveryHandler(options: { timeoutMs?: number } = {}): JobHandler {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  return {
    mode: 'outside',
    retryDelayMs: webhookRetryDelayMs,
    async run(job, { ctx, db }) {
      const delivery = await repo.deliveryToSend(db, Number(job.payload.deliveryId));
      // The endpoint was deleted with its log: nothing is left to send.
      if (!delivery) return;
      const last = job.attempts >= job.maxAttempts;
      if (!delivery.enabled) {
        await repo.recordTry(db, delivery.id, {
          status: 'failed',
          statusCode: null,
          error: 'endpoint disabled',
          deliveredAt: null,
        });
        return;
      }
      const body = JSON.stringify(delivery.payload);
      // The moment of sending, by the wall clock: receivers compare it with theirs.
      const sentAt = new Date();
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Creneau-Webhooks/1',
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': new Webhook(delivery.secret).sign(delivery.event_id, sentAt, body),
      };
      let failure: DeliveryFailed;
      try {
        const status = await postOnce(delivery.url, body, headers, {
          timeoutMs,
          allowPrivate: ctx.config.webhooksAllowLoopback,
        });
        if (status >= 200 && status < 300) {
          await repo.recordTry(db, delivery.id, {
            status: 'delivered',
            statusCode: status,
            error: null,
            deliveredAt: ctx.now(),
          });
          return;
        }
        failure = new DeliveryFailed(`answered ${status}`, status);
      } catch (error) {
        failure = new DeliveryFailed(describeError(error), null);
      }
      await repo.recordTry(db, delivery.id, {
        status: last ? 'failed' : 'pending',
        statusCode: failure.statusCode,
        error: failure.message,
        deliveredAt: null,
      });
      throw failure;
    },
  };
}

/** Empties the delivery log of what is older than its retention (docs/webhooks.md). */
export const purgeWebhookLog: PeriodicTask = {
  name: 'purge webhook deliveries',
  everyMs: 3_600_000,
  run: (ctx, now) => repo.purgeDeliveries(ctx.db, new Date(now.getTime() - WEBHOOK_LOG_RETENTION_MS)),
};
