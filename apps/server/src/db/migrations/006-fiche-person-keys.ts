/**
 * Who a record belongs to, for the booking rules (docs/booking.md, "Who is the same person" and
 * "Closed groups"):
 * - email_key and phone_key: the record's e-mail and phone in the normalised form that recognises one
 *   person however they typed them (packages/core person-identity), indexed per group so that a
 *   booking finds the same person's other records at once;
 * - origin: 'group' for a record the group made (imported, loaded, created by its professionals),
 *   'customer' for one a customer or visitor created. Only the first makes someone a customer of a
 *   closed group. Existing records count as the group's: nothing tells who made them.
 */
import { personKeys } from '@creneau/core/booking/person-identity';
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table fiches
      add column email_key text,
      add column phone_key text,
      add column origin text not null default 'group' check (origin in ('group', 'customer'))
  `.execute(db);
  const { rows } = await sql<{
    id: number;
    email: string | null;
    firstphone: string | null;
    country: string;
  }>`
    select f.id, f.email, f.firstphone, coalesce(g.settings->>'country', 'FR') as country
    from fiches f join groups g on g.id = f.group_id
    where f.email is not null or f.firstphone is not null
  `.execute(db);
  for (const row of rows) {
    const keys = personKeys(row, row.country);
    await sql`update fiches set email_key = ${keys.emailKey}, phone_key = ${keys.phoneKey} where id = ${row.id}`.execute(
      db,
    );
  }
  await sql`create index fiches_email_key on fiches (group_id, email_key) where email_key is not null`.execute(
    db,
  );
  await sql`create index fiches_phone_key on fiches (group_id, phone_key) where phone_key is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
