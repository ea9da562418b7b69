/** The pg pool's connections prepare each statement text once (db/connection.ts). */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { createPostgresDatabase, engines } from './support/test-db.ts';

describe.runIf(engines().includes('postgres'))('PostgreSQL connections', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // One connection: every statement below runs on it, so its prepared statements are visible.
    handle = await createPostgresDatabase(1);
  });
  afterAll(async () => {
    await handle.close();
  });

  const prepared = async () =>
    (
      await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements order by prepare_time`.execute(handle.db)
    ).rows.map((row) => row.statement);

  it('prepare a statement text on its first run and reuse it with other values', async () => {
    const byUrlname = (urlname: string) =>
      handle.db.selectFrom('groups').select('id').where('urlname', '=', urlname).execute();
    await byUrlname('a');
    const after = await prepared();
    const text = after.find((statement) => statement.includes('from "groups"'));
    expect(text).toBeDefined();
    await byUrlname('b');
    await byUrlname('c');
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
  });

  it('still run a statement that fails to prepare, and report its error', async () => {
    await expect(sql`select * from no_such_table where id = ${1}`.execute(handle.db)).rejects.toThrow(
      /no_such_table/,
    );
    // The failed name is not remembered as prepared: the connection keeps working.
    await expect(sql`select * from no_such_table where id = ${1}`.execute(handle.db)).rejects.toThrow(
      /no_such_table/,
    );
    const { rows } = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(handle.db);
    expect(rows[0]?.n).toBe(42);
  });
});
