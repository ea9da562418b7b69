/**
 * Reminders (docs/reminders.md): the language each booking was made in, so its reminders speak it,
 * and a person's choice to receive no reminders by e-mail or by text message. Only additions, with
 * defaults, so the previous release keeps writing rows during a rolling deploy.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table appointments add column locale text`.execute(db);
  await sql`alter table fiches add column reminders_email boolean not null default true`.execute(db);
  await sql`alter table fiches add column reminders_sms boolean not null default true`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
