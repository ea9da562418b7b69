/**
 * Every change to a group's row NOTIFYs its id on `creneau_groups`, so that each server process
 * may keep a copy of the rows it reads on every slot list and drop a copy the moment the row
 * changes (docs/availability.md "Answer cache"). The catalogue triggers and the settings trigger
 * update the row, so every change a slot answer depends on is heard here too. Only a trigger and a
 * function: the previous release keeps working against it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_group_row() returns trigger language plpgsql as $$
    begin
      perform pg_notify('creneau_groups', old.id::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger notify_group_row after update or delete on groups
    for each row execute function notify_group_row()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
