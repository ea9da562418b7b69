/**
 * Where mails go: an SMTP server through nodemailer when SMTP_URL is set; otherwise RFC 5322 .eml
 * files under DATA_DIR/mail, with each link logged so someone running Créneau locally can follow an
 * activation or reset link without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config.ts';
import type { MailAttachment } from './outbox.ts';

export interface TransportMail {
  /** Structured rather than a header string so a display name (a group's name) is always encoded safely. */
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
  /** A Message-ID kept across retries, so a receiver can recognise a repeat after a worker crash. */
  messageId?: string;
}

/** Something that delivers one mail or throws (preferably a MailDeliveryError). */
export interface MailTransport {
  readonly kind: 'smtp' | 'eml';
  send(mail: TransportMail): Promise<void>;
  /** Releases open connections (the SMTP pool); the transport is not used afterwards. */
  close?(): void;
}

/**
 * Why a delivery failed: `unreachable` — the server cannot be used at all right now (no point trying
 * the next mail in this round); `rejected` — the server refused this mail for good (unknown
 * recipient, refused content: retrying gives the same answer); `temporary` — try this mail again later.
 */
export type DeliveryFailure = 'unreachable' | 'rejected' | 'temporary';

export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly failure: DeliveryFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

// Well below the claim lease (retry-policy.ts): a hung server must fail the send, not outlive the lease.
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };
const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ENOAUTH',
  'EPROXY',
]);

/** Builds the transport the configuration asks for; `log` hears where .eml files went and their links. */
export function createMailTransport(
  config: ServerConfig,
  log: (msg: string) => void = (msg) => console.info(msg),
): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl)
    : emlTransport(path.join(config.dataDir, 'mail'), log);
}

function toNodemailer(mail: TransportMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html === null ? {} : { html: mail.html }),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
      encoding: 'base64',
    })),
  };
}

/** Connections kept open and reused: a new connection per mail costs ~100 ms even on localhost. */
export const SMTP_MAX_CONNECTIONS = 3;

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    pool: true,
    url,
    maxConnections: SMTP_MAX_CONNECTIONS,
    maxMessages: 100,
    // A connection lost mid-send fails that send: the worker's retry policy decides what next.
    maxRequeues: 0,
    ...SMTP_TIMEOUTS,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transporter.sendMail(toNodemailer(mail));
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** Maps nodemailer's error codes and SMTP reply codes onto what the worker should do next. */
export function classifySmtpError(error: unknown): MailDeliveryError {
  const err = error as { message?: string; code?: string; command?: string; permanent?: boolean };
  const message = err.message ?? String(error);
  if (err.code && CONNECTION_CODES.has(err.code))
    return new MailDeliveryError(message, 'unreachable', { cause: error });
  // A 5xx to RCPT TO or DATA is about this mail; a 5xx to MAIL FROM is our configuration, which an
  // operator can fix, so that one is retried.
  if (err.permanent && (err.command === 'RCPT TO' || err.command === 'DATA'))
    return new MailDeliveryError(message, 'rejected', { cause: error });
  return new MailDeliveryError(message, 'temporary', { cause: error });
}

const LINK = /https?:\/\/[^\s<>"']+/g;

/** The links a reader would follow, in order, without repeats. */
export function linksIn(text: string): string[] {
  return [...new Set((text.match(LINK) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, '')))];
}

function emlTransport(dir: string, log: (msg: string) => void): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'eml',
    async send(mail) {
      let message: Buffer;
      try {
        const info = await composer.sendMail(toNodemailer(mail));
        message = info.message as Buffer;
      } catch (error) {
        throw new MailDeliveryError((error as Error).message, 'rejected', { cause: error });
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      try {
        // Written aside then renamed, so a reader watching the folder never opens half a message.
        // The folder is made only when it is missing: a mkdir per mail was 1 % of a booking's CPU.
        await writeFile(`${file}.tmp`, message).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
          await mkdir(dir, { recursive: true });
          await writeFile(`${file}.tmp`, message);
        });
        await rename(`${file}.tmp`, file);
      } catch (error) {
        throw new MailDeliveryError((error as Error).message, 'unreachable', { cause: error });
      }
      // Local mode only: these links carry tokens, which is why SMTP mode never logs them.
      log(`mail to ${mail.to} "${mail.subject}" saved as ${file}`);
      for (const link of linksIn(mail.text)) log(`  link: ${link}`);
    },
  };
}
