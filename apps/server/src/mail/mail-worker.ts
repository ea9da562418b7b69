/**
 * Delivers the outbox: claims due mails, hands them to the transport, records the outcome, and
 * retries with exponential backoff. Several replicas may run it at once (see claimDueMails).
 * Delivery is at least once: only a worker dying between the send and its bookkeeping repeats a mail.
 */
import addressparser from 'nodemailer/lib/addressparser';
import type { AppContext } from '../app-context.ts';
import { dueBy, type Round, startRounds } from '../jobs/rounds.ts';
import {
  createMailTransport,
  type DeliveryFailure,
  MailDeliveryError,
  type MailTransport,
} from './mail-transport.ts';
import {
  type ClaimedMail,
  claimDueMails,
  markAttemptFailed,
  markSent,
  purgeOldMails,
} from './outbox.repository.ts';
import {
  FAILED_RETENTION_MS,
  MAX_ATTEMPTS,
  PURGE_INTERVAL_MS,
  retryDelayMs,
  SENT_RETENTION_MS,
} from './retry-policy.ts';

export interface MailWorker {
  stop(): Promise<void>;
  /** Delivers everything due now, or only what has been due `heldBackMs` (tests; jobs/rounds.ts). */
  runOnce(heldBackMs?: number): Promise<number>;
}

/** What the worker reports; Fastify's `app.log` fits. */
export interface MailLogger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface MailWorkerOptions {
  /** Pause between rounds; 0 runs no rounds of its own (tests call runOnce). Default 2000. */
  intervalMs?: number;
  transport?: MailTransport;
  logger?: MailLogger;
  /** Mails claimed per statement. Default 10. */
  batchSize?: number;
  /** Attempts before a mail is marked failed. Default MAX_ATTEMPTS. */
  maxAttempts?: number;
  /** Told when a timed round ends, and whether it ended without error (the metrics' job lag). */
  onRound?: (ok: boolean, held: boolean) => void;
}

const consoleLogger: MailLogger = {
  info: (msg) => console.info(msg),
  warn: (msg) => console.warn(msg),
  error: (msg) => console.error(msg),
};

/** Starts delivering the outbox every `intervalMs`; `stop()` waits for the round in progress. */
export function startMailWorker(ctx: AppContext, options: MailWorkerOptions = {}): MailWorker {
  const logger = options.logger ?? consoleLogger;
  const ownTransport = options.transport ? null : createMailTransport(ctx.config, (msg) => logger.info(msg));
  const transport = options.transport ?? ownTransport!;
  const intervalMs = options.intervalMs ?? 2000;
  const settings = {
    batchSize: options.batchSize ?? 10,
    maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS,
    sender: parseSender(ctx.config.mailFrom),
  };

  let lastPurge = Number.NEGATIVE_INFINITY;
  const purgeIfDue = async () => {
    const now = ctx.now().getTime();
    if (now - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = now;
    await purgeOldMails(ctx.db, {
      sentBefore: new Date(now - SENT_RETENTION_MS),
      failedBefore: new Date(now - FAILED_RETENTION_MS),
    });
  };

  const rounds = startRounds(
    async (round) => {
      const delivered = await deliverDue({ ctx, transport, logger, settings }, round);
      await purgeIfDue();
      return delivered;
    },
    {
      intervalMs,
      holdWhenBusyMs: ctx.config.busyHoldMs,
      onRound: options.onRound,
      onError: (error) => logger.error(`mail worker: ${describe(error)}`),
    },
  );

  return {
    runOnce: rounds.runOnce,
    async stop() {
      await rounds.stop();
      ownTransport?.close?.();
    },
  };
}

interface Settings {
  batchSize: number;
  maxAttempts: number;
  sender: { name: string; address: string };
}

/** What one worker delivers with: the server's context, the transport, its log and its settings. */
interface Delivery {
  ctx: AppContext;
  transport: MailTransport;
  logger: MailLogger;
  settings: Settings;
}

/** Delivers the due mails; a busy round only those it has held back long enough (jobs/rounds.ts). */
async function deliverDue(delivery: Delivery, round: Pick<Round, 'heldBackMs'>): Promise<number> {
  const { ctx, transport, settings } = delivery;
  let delivered = 0;
  for (;;) {
    const now = ctx.now();
    const batch = await claimDueMails(ctx.db, {
      now,
      ...(round.heldBackMs > 0 ? { waitedSince: dueBy(round, now) } : {}),
      leaseUntil: new Date(now.getTime() + ctx.config.mailClaimLeaseMs),
      limit: settings.batchSize,
    });
    if (batch.length === 0) return delivered;
    // The batch goes out in parallel over the transport's pooled connections. Each mail is marked
    // sent as soon as the server accepted it: a process that dies mid-batch then repeats at most the
    // mails whose acceptance it had not yet written down, not the whole batch.
    const outcomes = await Promise.all(
      batch.map(async (mail) => {
        const failure = await attempt(transport, mail, settings);
        if (!failure) await markSent(ctx.db, mail.id, ctx.now());
        return failure;
      }),
    );
    let unreachable = false;
    for (const [index, mail] of batch.entries()) {
      const failure = outcomes[index];
      if (failure) {
        await recordFailure(delivery, mail, failure);
        unreachable ||= failure.failure === 'unreachable';
      } else {
        delivered += 1;
      }
    }
    // Leave the rest for a later round rather than hammering a server that is down.
    if (unreachable) return delivered;
  }
}

/** Sends one mail; the failure, or null once the transport has accepted it. */
async function attempt(
  transport: MailTransport,
  mail: ClaimedMail,
  settings: Settings,
): Promise<MailDeliveryError | null> {
  try {
    await transport.send({
      from: { name: mail.groupName ?? settings.sender.name, address: settings.sender.address },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
      messageId: messageIdFor(mail, settings.sender.address),
    });
    return null;
  } catch (error) {
    return asDeliveryError(error);
  }
}

async function recordFailure(
  { ctx, logger, settings }: Delivery,
  mail: ClaimedMail,
  error: MailDeliveryError,
): Promise<void> {
  const message = error.message.slice(0, 2000);
  const giveUp = error.failure === 'rejected' || mail.attempts >= settings.maxAttempts;
  const retryAt = giveUp ? null : new Date(ctx.now().getTime() + retryDelayMs(mail.attempts));
  await markAttemptFailed(ctx.db, mail, { error: message, retryAt });
  if (retryAt) {
    logger.warn(
      `mail ${mail.id}: attempt ${mail.attempts} failed (${message}); next try at ${retryAt.toISOString()}`,
    );
  } else {
    logger.error(`mail ${mail.id}: delivery failed for good after ${mail.attempts} attempt(s): ${message}`);
  }
}

function asDeliveryError(error: unknown): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  const failure: DeliveryFailure = 'temporary';
  return new MailDeliveryError(describe(error), failure, { cause: error });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The address part of MAIL_FROM and its display name (used for mails that belong to no group). */
export function parseSender(mailFrom: string): { name: string; address: string } {
  const [first] = addressparser(mailFrom, { flatten: true });
  if (!first?.address) throw new Error(`MAIL_FROM is not an e-mail address: ${mailFrom}`);
  return { name: first.name, address: first.address };
}

function messageIdFor(mail: ClaimedMail, senderAddress: string): string {
  const domain = senderAddress.split('@')[1] ?? 'creneau.localhost';
  return `<outbox-${mail.id}-${mail.createdAt.getTime()}@${domain}>`;
}
