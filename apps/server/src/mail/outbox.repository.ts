/** Outbox rows for the mail worker: claim what is due, then record how delivery went. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { MailAttachment } from './outbox.ts';

export interface ClaimedMail {
  id: number;
  groupId: number | null;
  groupName: string | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
  /** Attempts including the one this claim starts. */
  attempts: number;
  createdAt: Date;
}

/**
 * Takes up to `limit` due mails in one statement: pending ones never tried (a fresh mail is due
 * whatever the clock says) or whose retry time has come. The claim counts as an attempt and leases
 * the row until `leaseUntil`, so another worker leaves it alone while it is being sent, and a worker
 * that dies mid-send only delays it. `for update skip locked` lets replicas claim side by side
 * without waiting for or taking each other's rows.
 */
export async function claimDueMails(
  db: Kysely<Database>,
  options: {
    now: Date;
    leaseUntil: Date;
    limit: number;
    /**
     * Only mails due since then (a busy process's round, jobs/rounds.ts): a new mail is due from
     * its insert (`next_attempt_at` defaults to it), a retried one from its next attempt.
     */
    waitedSince?: Date;
  },
): Promise<ClaimedMail[]> {
  const rows = await db
    .with('due', (qb) =>
      qb
        .selectFrom('mail_outbox')
        .select('id')
        // A literal, not a parameter: the plan PostgreSQL keeps for this prepared statement must
        // match the partial index mail_outbox_pending.
        .where('status', '=', sql.lit('pending'))
        .where((eb) =>
          options.waitedSince
            ? eb('next_attempt_at', '<=', options.waitedSince)
            : eb.or([eb('attempts', '=', 0), eb('next_attempt_at', '<=', options.now)]),
        )
        .orderBy('id')
        .limit(options.limit)
        .forUpdate()
        .skipLocked(),
    )
    .with('claimed', (qb) =>
      qb
        .updateTable('mail_outbox')
        .from('due')
        .set((eb) => ({
          attempts: eb('mail_outbox.attempts', '+', 1),
          next_attempt_at: options.leaseUntil,
        }))
        .whereRef('mail_outbox.id', '=', 'due.id')
        .returningAll('mail_outbox'),
    )
    .selectFrom('claimed')
    .leftJoin('groups', 'groups.id', 'claimed.group_id')
    .selectAll('claimed')
    .select('groups.name as group_name')
    .orderBy('claimed.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    groupId: row.group_id,
    groupName: row.group_name,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attachments: row.attachments,
    attempts: row.attempts,
    createdAt: row.created_at,
  }));
}

export async function markSent(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: now, last_error: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Records a failed attempt. The `attempts` guard fences off a worker whose lease ran out and whose
 * mail another worker has claimed since: its stale verdict must not overwrite the newer attempt's.
 */
export async function markAttemptFailed(
  db: Kysely<Database>,
  mail: Pick<ClaimedMail, 'id' | 'attempts'>,
  outcome: { error: string; retryAt: Date | null },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(
      outcome.retryAt
        ? { last_error: outcome.error, next_attempt_at: outcome.retryAt }
        : { last_error: outcome.error, status: 'failed' },
    )
    .where('id', '=', mail.id)
    .where('attempts', '=', mail.attempts)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Deletes delivered mails older than `sentBefore` and failed ones older than `failedBefore`: their
 * bodies hold links that act without a password, which should not outlive their use.
 */
export async function purgeOldMails(
  db: Kysely<Database>,
  options: { sentBefore: Date; failedBefore: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', options.sentBefore)]),
        // A failed row's next_attempt_at is the end of its last claim: when it failed, on the worker's
        // clock (created_at comes from the database's clock).
        eb.and([eb('status', '=', 'failed'), eb('next_attempt_at', '<', options.failedBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
