/**
 * groups.catalogue_version also counts changes to the group's settings and its active flag: the
 * rules, time zone and horizon that slot answers are computed from live there, and the kept slot
 * and agenda answers (docs/availability.md "Answer cache") are keyed by this version. A trigger, so
 * that a change made anywhere — the back office, the import, an operator at the psql prompt —
 * counts. Only a trigger and a function: the previous release keeps working against it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function bump_settings_version() returns trigger language plpgsql as $$
    begin
      if new.settings is distinct from old.settings or new.active is distinct from old.active then
        new.catalogue_version := old.catalogue_version + 1;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger bump_settings_version before update on groups
    for each row execute function bump_settings_version()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
