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

describe.runIf(engines().includes('postgres'))('PostgreSQL pool', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createPostgresDatabase(3);
  });
  afterAll(async () => {
    await handle.close();
  });

  /** The backends of three statements run at once: each holds a connection of its own. */
  const threeAtOnce = async () =>
    new Set(
      await Promise.all(
        [1, 2, 3].map(async () => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(
            handle.db,
          );
          return rows[0]!.pid;
        }),
      ),
    );

  // pg-pool closes a connection idle for 10 s unless the pool keeps it (its default idle timeout).
  it('keeps the connections a rush opened, idle or not, for the next rush', async () => {
    const first = await threeAtOnce();
    expect(first.size).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(handle.poolStats?.().total).toBe(3);
    expect(await threeAtOnce()).toEqual(first);
  }, 30_000);
});
