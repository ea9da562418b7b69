/**
 * groups.catalogue_version counts the writes to a group's catalogue — services, calendars, their
 * hours, exceptions and links, promotions, forms — whoever makes them (the import, a script, an
 * operator at the psql prompt): a trigger bumps it. A server may then keep what it built from the
 * catalogue between requests and know, from the group row it reads anyway, when that is out of date.
 */
import { type Kysely, sql } from 'kysely';

const CATALOGUE_TABLES = [
  'interventionsets',
  'interventions',
  'calendarsets',
  'calendars',
  'calendar_interventions',
  'opening_ranges',
  'schedule_exceptions',
  'promotions',
  'form_fields',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table groups add column catalogue_version bigint not null default 0`.execute(db);
  await sql`
    create function bump_catalogue_version() returns trigger language plpgsql as $$
    begin
      update groups set catalogue_version = catalogue_version + 1
       where id = case when tg_op = 'DELETE' then old.group_id else new.group_id end;
      return null;
    end $$`.execute(db);
  for (const table of CATALOGUE_TABLES) {
    await sql`
      create trigger bump_catalogue_version after insert or update or delete on ${sql.table(table)}
      for each row execute function bump_catalogue_version()`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
