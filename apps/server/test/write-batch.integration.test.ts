/** Writes held to the end of their transaction and sent in one statement (db/write-batch.ts). */
import type { KyselyPlugin, Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { withWriteBatch, writeSoon } from '../src/db/write-batch.ts';
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

  it('hands each checked write its RETURNING rows, and rolls all back when a check refuses', async () => {
    const seen: unknown[] = [];
    await inBatch(async (trx) => {
      await writeSoon(trx, trx.insertInto('login_throttle').values(row('checked:plain')));
      for (const key of ['checked:a', 'checked:b'])
        await writeSoon(
          trx,
          trx.insertInto('login_throttle').values(row(key)).returning(['key', 'failures']),
          (rows) => seen.push(rows),
        );
    });
    expect(seen).toEqual([[{ key: 'checked:a', failures: 1 }], [{ key: 'checked:b', failures: 1 }]]);

    await expect(
      inBatch(async (trx) => {
        await writeSoon(trx, trx.insertInto('login_throttle').values(row('checked:c')));
        await writeSoon(
          trx,
          trx.insertInto('login_throttle').values(row('checked:d')).returning('key'),
          () => {
            throw new Error('over the limit');
          },
        );
      }),
    ).rejects.toThrow('over the limit');
    expect(await keysLike('checked:')).toEqual(['checked:a', 'checked:b', 'checked:plain']);
  });

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
    const write = { compile: () => ({}) as never, execute: async () => [{ id: ran.push('one') }] };
    const trx = { isTransaction: true } as never;
    const checked: unknown[] = [];
    await withWriteBatch(trx, async () => writeSoon(trx, write, (rows) => checked.push(...rows)));
    expect(ran).toEqual(['one']);
    expect(checked).toEqual([{ id: 1 }]);
  });
});
