/**
 * A fingerprint of every table's content (row count and a digest of the rows), to prove that a
 * refused request wrote nothing. Tables whose job is to count refused attempts (login throttling,
 * rate limits) are left out by name: writing there on refusal is their purpose.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/database.ts';

/** Tables that record attempts, refused ones included. */
export const ATTEMPT_TABLES = /throttle|rate_limit|attempt/;

export async function fingerprintedTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name).filter((name) => !ATTEMPT_TABLES.test(name) && !name.startsWith('kysely_'));
}

/** { table: "count:md5" } for the given tables, in one statement. */
export async function fingerprint(
  db: Kysely<Database>,
  tables: readonly string[],
): Promise<Record<string, string>> {
  const parts = tables.map(
    (table) =>
      sql`select ${table}::text as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as f from ${sql.table(table)} x`,
  );
  const { rows } = await sql<{ t: string; f: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.t, r.f]));
}
