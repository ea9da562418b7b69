/**
 * A group's uploaded images (docs/back-office.md "Images"): each upload is kept as its resized
 * variants, by the hash of the uploaded bytes, in the database itself so that they survive a
 * restart and are the same on PostgreSQL and the embedded PGlite. Only additions.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table group_images (
      group_id integer not null references groups(id) on delete cascade,
      hash text not null,
      variant text not null,
      content_type text not null,
      width integer not null,
      height integer not null,
      bytes bytea not null,
      uploaded_by integer references accounts(id) on delete set null,
      created_at timestamptz not null,
      primary key (group_id, hash, variant)
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
