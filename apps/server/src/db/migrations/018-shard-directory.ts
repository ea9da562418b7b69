/**
 * The shard directory (docs/operations.md "Sharding", docs/decisions/019-sharding-by-group.md):
 * which PostgreSQL cluster holds each group. Read on the directory database only; every database
 * has the tables because every shard runs the same migrations.
 *
 * - `shards`: the clusters known, each with a number that gives its rows an id range of their own
 *   (db/shards.ts), so that ids stay unique across shards and a group can move with its ids.
 * - `shard_directory`: group → shard, with the url name for the `/shard` lookup; `moving_to` is set
 *   while the group is being copied to another shard, and its writes are refused meanwhile.
 *
 * A trigger registers every group on its own database's directory under `main`: a deployment with
 * one database needs nothing else. On several, the code that creates a group registers it on the
 * directory with its shard (modules/groups/shard-directory.ts).
 *
 * The foreign keys between the global tables (accounts and logins, decision 002) and a group's
 * tables are dropped: on a sharded deployment the two sides are in different databases. Nothing
 * deletes accounts, groups or fiches, so no cascade is lost; the application writes the ids.
 * Relaxing constraints is an expand step: the previous release keeps working.
 */
import { type Kysely, sql } from 'kysely';

const GLOBAL_TABLES = ['accounts', 'pro_groups', 'sessions', 'email_tokens', 'login_throttle'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shards (
      name text primary key,
      number integer not null unique check (number >= 0)
    )`.execute(db);
  await sql`insert into shards (name, number) values ('main', 0)`.execute(db);
  await sql`
    create table shard_directory (
      group_id integer primary key,
      urlname text not null unique,
      shard text not null references shards(name),
      moving_to text references shards(name)
    )`.execute(db);
  await sql`insert into shard_directory (group_id, urlname, shard) select id, urlname, 'main' from groups`.execute(
    db,
  );
  await sql`
    create function register_group_on_main() returns trigger language plpgsql as $$
    begin
      insert into shard_directory (group_id, urlname, shard) values (new.id, new.urlname, 'main')
      on conflict (group_id) do update set urlname = excluded.urlname;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger register_group_on_main after insert or update of urlname on groups
    for each row execute function register_group_on_main()`.execute(db);
  await sql`
    create function notify_shard_directory() returns trigger language plpgsql as $$
    begin
      perform pg_notify('creneau_shard_directory', coalesce(new.group_id, old.group_id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger notify_shard_directory after insert or update or delete on shard_directory
    for each row execute function notify_shard_directory()`.execute(db);

  const { rows } = await sql<{ table_name: string; constraint_name: string }>`
    select c.conrelid::regclass::text as table_name, c.conname as constraint_name
    from pg_constraint c
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      and ((c.conrelid::regclass::text = any(${GLOBAL_TABLES}))
        <> (c.confrelid::regclass::text = any(${GLOBAL_TABLES})))
    order by 1, 2`.execute(db);
  for (const { table_name, constraint_name } of rows) {
    await sql`alter table ${sql.table(table_name)} drop constraint ${sql.ref(constraint_name)}`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
