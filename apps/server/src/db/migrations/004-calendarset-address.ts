/** A calendar set may be a site of its own: its address, where its calendars' appointments take place. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table calendarsets add column address jsonb`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
