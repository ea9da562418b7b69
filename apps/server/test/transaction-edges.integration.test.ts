/**
 * A transaction's BEGIN and COMMIT travel with its statements on PostgreSQL (db/transaction-edges.ts):
 * the round trips are counted from the connection itself (one ReadyForQuery closes each), and what
 * the transaction did is read back, so a BEGIN sent too late or a COMMIT sent when it must not be
 * shows here.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { COMMIT_RIGHT_AFTER } from '../src/db/transaction-edges.ts';
import { createPostgresDatabase, engines } from './support/test-db.ts';

describe.runIf(engines().includes('postgres'))('BEGIN and COMMIT with their statements', () => {
  let handle: DatabaseHandle;
  let client: pg.PoolClient;
  let roundTrips = 0;
  beforeAll(async () => {
    // One connection, so that every transaction below runs on the one whose round trips are counted.
    handle = await createPostgresDatabase(1);
    client = await handle.pool!.connect();
    (client as unknown as { connection: pg.Connection }).connection.on('readyForQuery', () => roundTrips++);
    client.release();
    await sql`create table edges (id int primary key, note text)`.execute(handle.db);
    await sql`create table deferred (id int unique deferrable initially deferred)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await sql`truncate edges, deferred`.execute(handle.db);
  });

  const insert = (id: number, note = '') => sql`insert into edges (id, note) values (${id}, ${note})`;
  const ids = async () =>
    (await sql<{ id: number }>`select id from edges order by id`.execute(handle.db)).rows.map((r) => r.id);
  /** Round trips `work` makes on the connection. */
  const counted = async (work: () => Promise<unknown>) => {
    const before = roundTrips;
    await work();
    return roundTrips - before;
  };
  const transactionId = sql<{ id: string }>`select txid_current()::text as id`;

  it('send BEGIN with the first statement: one transaction, one round trip per statement and the COMMIT', async () => {
    let seen: string[] = [];
    const trips = await counted(() =>
      handle.db.transaction().execute(async (trx) => {
        const first = (await transactionId.execute(trx)).rows[0]!.id;
        await insert(1).execute(trx);
        const last = (await transactionId.execute(trx)).rows[0]!.id;
        seen = [first, last];
      }),
    );
    // Three statements and the COMMIT; BEGIN made no round trip of its own.
    expect(trips).toBe(4);
    // The same transaction from the first statement on: BEGIN ran before it.
    expect(seen[0]).toBe(seen[1]);
    expect(await ids()).toEqual([1]);
  });

  it('send COMMIT with a statement marked for it, and answer the transaction’s own COMMIT at once', async () => {
    const trips = await counted(() =>
      handle.db.transaction().execute(async (trx) => {
        await insert(1).execute(trx);
        await sql`${insert(2)}${sql.raw(COMMIT_RIGHT_AFTER)}`.execute(trx);
      }),
    );
    expect(trips).toBe(2);
    expect(await ids()).toEqual([1, 2]);
    expect(client.getTransactionStatus()).toBe('I');
  });

  it('send nothing for a transaction that runs no statement', async () => {
    expect(await counted(() => handle.db.transaction().execute(async () => {}))).toBe(0);
    await expect(
      handle.db.transaction().execute(async () => {
        throw new Error('nothing done');
      }),
    ).rejects.toThrow('nothing done');
    expect(await counted(() => sql`select 1`.execute(handle.db))).toBe(1);
    expect(client.getTransactionStatus()).toBe('I');
  });

  it('roll back whole when a statement fails, whether BEGIN travelled with it or not', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`select 1 / ${0}::int`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(client.getTransactionStatus()).toBe('I');
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await insert(1).execute(trx);
        await insert(1).execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await ids()).toEqual([]);
    expect(client.getTransactionStatus()).toBe('I');
  });

  it('keep working after a first statement that PostgreSQL cannot even parse', async () => {
    const broken = () =>
      handle.db.transaction().execute(async (trx) => {
        await sql`select * from no_such_table where id = ${1}`.execute(trx);
      });
    await expect(broken()).rejects.toThrow(/no_such_table/);
    // Not remembered as prepared: the same text fails for its own reason again, not for a name.
    await expect(broken()).rejects.toThrow(/no_such_table/);
    await handle.db.transaction().execute(async (trx) => {
      await insert(3).execute(trx);
    });
    expect(await ids()).toEqual([3]);
    expect(client.getTransactionStatus()).toBe('I');
  });

  it('skip the COMMIT when the marked statement fails: nothing of the transaction stays', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await insert(1).execute(trx);
        await sql`${insert(1, 'again')}${sql.raw(COMMIT_RIGHT_AFTER)}`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await ids()).toEqual([]);
    expect(client.getTransactionStatus()).toBe('I');
  });

  it('fail the marked statement’s call when the COMMIT itself fails, and keep nothing', async () => {
    // A deferred unique constraint is checked at COMMIT: the statement succeeds, its COMMIT fails.
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await insert(1).execute(trx);
        await sql`insert into deferred (id) values (1), (1)${sql.raw(COMMIT_RIGHT_AFTER)}`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await ids()).toEqual([]);
    expect(client.getTransactionStatus()).toBe('I');
  });

  it('say so loudly when work fails after its COMMIT was sent (a caller marking too early)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await sql`${insert(5)}${sql.raw(COMMIT_RIGHT_AFTER)}`.execute(trx);
          throw new Error('too late');
        }),
      ).rejects.toThrow('too late');
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/after its COMMIT/));
    } finally {
      logged.mockRestore();
    }
    // Committed, as the log says; the connection is left clean.
    expect(await ids()).toEqual([5]);
    expect(client.getTransactionStatus()).toBe('I');
  });

  it('hold nothing over to the connection’s next user', async () => {
    // A BEGIN asked for and never followed by a statement (the user gave the connection back).
    const leaked = await handle.pool!.connect();
    await leaked.query('begin', []);
    leaked.release();
    await insert(7).execute(handle.db);
    expect(client.getTransactionStatus()).toBe('I');
    expect(await ids()).toEqual([7]);
  });

  it('send BEGIN in front of an unnamed statement too (past the prepared statements a connection keeps)', async () => {
    // Fill the connection's prepared statements: the texts after those run unnamed.
    for (let i = 0; i < 300; i++) await sql`select ${sql.lit(i)} + ${1} as n`.execute(handle.db);
    const text = () => sql`insert into edges (id, note) values (${9}, 'unnamed ' || ${'x'})`;
    let seen: string[] = [];
    await handle.db.transaction().execute(async (trx) => {
      await text().execute(trx);
      seen = [(await transactionId.execute(trx)).rows[0]!.id];
      const again = (
        await sql<{ id: string }>`select txid_current()::text as id, ${2} as unnamed`.execute(trx)
      ).rows[0]!.id;
      seen.push(again);
    });
    expect(seen[0]).toBe(seen[1]);
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into edges (id, note) values (${10}, 'unnamed ' || ${'y'})`.execute(trx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await ids()).toEqual([9]);
  });
});
