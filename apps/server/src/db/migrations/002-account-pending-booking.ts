/** A booking chosen before registering rides along with the new account (docs/requirements/accounts-and-appointments.md §4 pendingRdv). */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column pending_rdv jsonb`.execute(db);
  await sql`create index sessions_account on sessions (account_id) where revoked_at is null`.execute(db);
  await sql`create index email_tokens_account on email_tokens (account_id, purpose) where used_at is null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
