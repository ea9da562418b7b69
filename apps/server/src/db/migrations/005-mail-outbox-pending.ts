/**
 * The mail worker claims the oldest pending mails (claimDueMails): an index of pending mails in id
 * order lets it read just those, however many sent mails the outbox keeps until they are purged.
 * The old index, by next_attempt_at, could not give that order: the claim walked the whole table —
 * 8 ms and growing per round in the booking benchmark.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index mail_outbox_pending on mail_outbox (id) where status = 'pending'`.execute(db);
  await sql`drop index mail_outbox_due`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
