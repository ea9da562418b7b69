/**
 * Writes that can wait for the end of their transaction. A booking inserts rows that nothing reads
 * back before the commit — its link tokens, its mail, its reminder jobs, its guest session, its
 * idempotency record — and each used to be a round trip of its own: a write that wakes PostgreSQL,
 * a statement to bind and run, a result to parse. Inside `withWriteBatch` they are held and sent
 * together just before the commit, as one statement of data-modifying CTEs
 * (docs/decisions/004-booking-write-path-cost.md). They still commit or roll back with the
 * transaction: a batch that fails fails the transaction, as each write would have.
 *
 * Outside a batch (another caller of the same code, or no transaction) `writeSoon` runs the write at
 * once, so code that writes this way behaves the same whoever calls it.
 */
import type { Compilable, Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A query builder of an insert, update or delete: something that compiles and runs. */
export interface BatchableWrite extends Compilable {
  execute(): Promise<unknown>;
}

const batches = new WeakMap<Db, BatchableWrite[]>();

/**
 * Runs `work` on `trx`, holding the writes it passes to `writeSoon` and sending them in one
 * statement once it has finished. The caller commits afterwards (return from the transaction).
 */
export async function withWriteBatch<T>(trx: Transaction<Database>, work: () => Promise<T>): Promise<T> {
  const writes: BatchableWrite[] = [];
  batches.set(trx, writes);
  try {
    const result = await work();
    await sendTogether(trx, writes.splice(0));
    return result;
  } finally {
    batches.delete(trx);
  }
}

/**
 * Runs the write now, or, inside `withWriteBatch` on this transaction, with the batch just before
 * the commit. Only for writes whose rows nothing reads back in the same transaction: a held write is
 * not there yet for the statements that follow it.
 */
export async function writeSoon(db: Db, write: BatchableWrite): Promise<void> {
  const held = batches.get(db);
  if (held) held.push(write);
  else await write.execute();
}

async function sendTogether(trx: Transaction<Database>, writes: readonly BatchableWrite[]): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length === 1) {
    await writes[0]!.execute();
    return;
  }
  // PostgreSQL runs every data-modifying CTE exactly once, whether the statement reads it or not.
  // Kysely numbers the parameters of all of them in one statement.
  let query = trx as unknown as Kysely<Record<string, never>>;
  for (const [i, write] of writes.entries()) query = query.with(`write_${i}`, () => write as never) as never;
  await query.selectNoFrom((eb) => eb.lit(1).as('written')).execute();
}
