/**
 * The waiting list (docs/waitlist.md): people waiting for a time of a service to free up, and the
 * offers mailed to them when one does. Only additions.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table waitlist_entries (
      id serial primary key,
      group_id integer not null references groups(id) on delete cascade,
      intervention_id integer not null references interventions(id) on delete cascade,
      calendar_id integer references calendars(id) on delete cascade,
      from_date text not null,
      to_date text not null,
      email text not null,
      email_key text not null,
      firstname text not null,
      lastname text not null,
      phone text,
      locale text not null,
      account_id integer references accounts(id) on delete set null,
      fiche_id integer references fiches(id) on delete set null,
      appointment_id integer references appointments(id) on delete cascade,
      status text not null default 'open',
      created_at timestamptz not null default now(),
      closed_at timestamptz,
      constraint waitlist_entries_status check (status in ('open', 'booked', 'left', 'closed')),
      -- Local dates as text (YYYY-MM-DD): compared as strings, never shifted by a session time zone.
      constraint waitlist_entries_range check (
        from_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and to_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and from_date <= to_date)
    )`.execute(db);
  await sql`create index waitlist_entries_open on waitlist_entries (group_id, created_at) where status = 'open'`.execute(
    db,
  );
  await sql`create index waitlist_entries_email on waitlist_entries (group_id, email_key) where status = 'open'`.execute(
    db,
  );
  await sql`
    create table waitlist_offers (
      id serial primary key,
      entry_id integer not null references waitlist_entries(id) on delete cascade,
      group_id integer not null references groups(id) on delete cascade,
      starts_at timestamptz not null,
      calendar_id integer not null references calendars(id) on delete cascade,
      token_hash text not null,
      expires_at timestamptz not null,
      status text not null default 'sent',
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      constraint waitlist_offers_status check (status in ('sent', 'accepted', 'taken')),
      constraint waitlist_offers_once unique (entry_id, starts_at)
    )`.execute(db);
  await sql`create unique index waitlist_offers_token on waitlist_offers (token_hash)`.execute(db);
  await sql`create index waitlist_offers_slot on waitlist_offers (group_id, starts_at, calendar_id) where status = 'sent'`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
