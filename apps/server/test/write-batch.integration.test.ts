/** Writes held to the end of their transaction and sent in one statement (db/write-batch.ts). */

import fc from 'fast-check';
import { type Kysely, type KyselyPlugin, sql, type Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import {
  shiftParameters,
  transactionWithWriteBatch,
  withWriteBatch,
  writeSoon,
} from '../src/db/write-batch.ts';
import { forEachDatabase } from './support/test-db.ts';

/** Counts the statements a Kysely instance runs: one result each. */
function statementCounter() {
  const counter = {
    count: 0,
    plugin: {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        counter.count++;
        return args.result;
      },
    } satisfies KyselyPlugin,
  };
  return counter;
}

forEachDatabase('write batch', (handle) => {
  const keysLike = async (prefix: string) =>
    (
      await handle()
        .db.selectFrom('login_throttle')
        .select('key')
        .where('key', 'like', `${prefix}%`)
        .orderBy('key')
        .execute()
    ).map((row) => row.key);
  const row = (key: string) => ({ key, failures: 1, window_started_at: new Date() });
  /** `work` in a transaction with a write batch, committed when it returns. */
  const inBatch = (work: (trx: Transaction<Database>) => Promise<void>) =>
    handle()
      .db.transaction()
      .execute((trx) => withWriteBatch(trx, () => work(trx)));

  it('sends the held writes together, in one statement, when the work is done', async () => {
    const counter = statementCounter();
    const db = handle().db.withPlugin(counter.plugin);
    await db.transaction().execute((trx) =>
      withWriteBatch(trx, async () => {
        for (const key of ['batch:a', 'batch:b', 'batch:c'])
          await writeSoon(trx, trx.insertInto('login_throttle').values(row(key)));
        // Held: not written yet, and nothing sent for them.
        expect(counter.count).toBe(0);
        expect(
          await trx.selectFrom('login_throttle').select('key').where('key', 'like', 'batch:%').execute(),
        ).toEqual([]);
      }),
    );
    // The read above, then the three inserts as one statement.
    expect(counter.count).toBe(2);
    expect(await keysLike('batch:')).toEqual(['batch:a', 'batch:b', 'batch:c']);
  });

  it('rolls back with the transaction when one held write fails: nothing half-written', async () => {
    await handle().db.insertInto('login_throttle').values(row('taken:x')).execute();
    await expect(
      inBatch(async (trx) => {
        await trx.insertInto('login_throttle').values(row('taken:before')).execute();
        await writeSoon(trx, trx.insertInto('login_throttle').values(row('taken:y')));
        // A duplicate key: the batch fails at the end, and the whole transaction with it.
        await writeSoon(trx, trx.insertInto('login_throttle').values(row('taken:x')));
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await keysLike('taken:')).toEqual(['taken:x']);
  });

  it('sends nothing held when the work throws', async () => {
    await expect(
      inBatch(async (trx) => {
        await writeSoon(trx, trx.insertInto('login_throttle').values(row('refused:a')));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await keysLike('refused:')).toEqual([]);
  });

  /** A row written at once, not held. */
  const insertNow = (db: Kysely<Database>, key: string) =>
    db.insertInto('login_throttle').values(row(key)).execute();
  /** An insert answering whether its row is refused: refused when its failures are over 1. */
  const refusable = (trx: Transaction<Database>, key: string, failures: number) =>
    trx
      .insertInto('login_throttle')
      .values({ ...row(key), failures })
      .returning(['key', 'failures', sql<boolean>`failures > 1`.as('over')]);
  const overTheLimit = {
    column: 'over',
    error: (refused: Record<string, unknown>) =>
      new Error(`over the limit: ${refused.key} ${refused.failures}`),
  };
  // The same writes with the transaction's COMMIT sent after the batch, and with it in the batch's
  // round trip (transactionWithWriteBatch): PostgreSQL itself refuses the row there.
  const ways = {
    'committed after the batch': inBatch,
    'committed with the batch': (work: (trx: Transaction<Database>) => Promise<void>) =>
      transactionWithWriteBatch(handle().db, work),
  };
  for (const [way, run] of Object.entries(ways)) {
    it(`refuses the transaction when a held write's rows call for it, naming the row (${way})`, async () => {
      const prefix = `refusal:${way}:`;
      await run(async (trx) => {
        await writeSoon(trx, trx.insertInto('login_throttle').values(row(`${prefix}plain`)));
        await writeSoon(trx, refusable(trx, `${prefix}a`, 1), overTheLimit);
      });
      expect(await keysLike(prefix)).toEqual([`${prefix}a`, `${prefix}plain`]);

      await expect(
        run(async (trx) => {
          await insertNow(trx, `${prefix}before`);
          await writeSoon(trx, refusable(trx, `${prefix}b`, 1), overTheLimit);
          await writeSoon(trx, refusable(trx, `${prefix}c`, 3), overTheLimit);
          await writeSoon(trx, trx.insertInto('login_throttle').values(row(`${prefix}after`)));
        }),
      ).rejects.toThrow(`over the limit: ${prefix}c 3`);
      // Nothing of the refused transaction: not its held writes, not the write sent before them.
      expect(await keysLike(prefix)).toEqual([`${prefix}a`, `${prefix}plain`]);
    });

    it(`rolls back whole when a held write fails, and commits a single one (${way})`, async () => {
      const prefix = `whole:${way}:`;
      await insertNow(handle().db, `${prefix}x`);
      await expect(
        run(async (trx) => {
          await insertNow(trx, `${prefix}before`);
          await writeSoon(trx, trx.insertInto('login_throttle').values(row(`${prefix}x`)));
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await keysLike(prefix)).toEqual([`${prefix}x`]);
      await run(async (trx) => writeSoon(trx, trx.insertInto('login_throttle').values(row(`${prefix}y`))));
      expect(await keysLike(prefix)).toEqual([`${prefix}x`, `${prefix}y`]);
    });
  }

  it('writes at once outside a batch, in or out of a transaction', async () => {
    await writeSoon(handle().db, handle().db.insertInto('login_throttle').values(row('now:a')));
    expect(await keysLike('now:')).toEqual(['now:a']);
    await handle()
      .db.transaction()
      .execute(async (trx) => {
        await writeSoon(trx, trx.insertInto('login_throttle').values(row('now:b')));
        expect(
          (await trx.selectFrom('login_throttle').select('key').where('key', '=', 'now:b').execute()).length,
        ).toBe(1);
      });
  });
});

describe('write batch without a database', () => {
  it('runs a single held write as it is', async () => {
    const ran: string[] = [];
    const write = {
      compile: () => ({}) as never,
      toOperationNode: () => ({}) as never,
      execute: async () => [{ id: ran.push('one') }],
    };
    const trx = { isTransaction: true } as never;
    await withWriteBatch(trx, async () => writeSoon(trx, write));
    expect(ran).toEqual(['one']);
    const refusing = { column: 'id', error: () => new Error('refused') };
    const refused = {
      compile: () => ({}) as never,
      toOperationNode: () => ({}) as never,
      execute: async () => [{ id: true }],
    };
    await expect(withWriteBatch(trx, async () => writeSoon(trx, refused, refusing))).rejects.toThrow(
      'refused',
    );
  });
});

describe('parameters renumbered when writes are put into one statement', () => {
  it('shifts every parameter, never a dollar inside quotes', () => {
    expect(shiftParameters('insert into "t" ("a", "b") values ($1, $2)', 3)).toBe(
      'insert into "t" ("a", "b") values ($4, $5)',
    );
    expect(shiftParameters(`select $1, '$2 and ''$3''', "col$4", $10`, 5)).toBe(
      `select $6, '$2 and ''$3''', "col$4", $15`,
    );
    expect(shiftParameters('select $1', 0)).toBe('select $1');
  });

  it('keeps the text around the parameters as it was, for any text', () => {
    // A parameter, a literal or a plain word, in any order: only the parameters change.
    const piece = fc.oneof(
      fc.integer({ min: 1, max: 99 }).map((n) => ({ text: `$${n}`, shifted: (k: number) => `$${n + k}` })),
      fc.string().map((inner) => {
        const text = `'${inner.replaceAll("'", "''")}'`;
        return { text, shifted: () => text };
      }),
      fc.stringMatching(/^[a-z ,()]*$/).map((text) => ({ text, shifted: () => text })),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.integer({ min: 0, max: 50 }), (pieces, offset) => {
        // Joined by spaces, so that a number never runs into the parameter before it.
        const text = pieces.map((p) => p.text).join(' ');
        expect(shiftParameters(text, offset)).toBe(pieces.map((p) => p.shifted(offset)).join(' '));
      }),
    );
  });
});
