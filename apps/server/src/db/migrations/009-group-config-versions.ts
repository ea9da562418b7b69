/**
 * The history of a group's configuration (docs/group-configuration.md "Versions"): every import,
 * edit or restore keeps the whole configuration as exported right after it, numbered per group,
 * with who made it and how. Restoring a version imports its document again, so what is kept is
 * exactly what an export gave. Only additions, so the previous release runs unchanged.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table group_config_versions (
      group_id integer not null references groups(id) on delete cascade,
      version integer not null,
      document jsonb not null,
      source text not null check (source in ('import', 'editor', 'restore', 'signup')),
      author_account_id integer references accounts(id) on delete set null,
      restored_from integer,
      created_at timestamptz not null,
      primary key (group_id, version)
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
