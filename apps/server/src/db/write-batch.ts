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
import { type Compilable, type Kysely, sql, type Transaction } from 'kysely';
import { isShardView, tablesOf } from '../sharding/routing-dialect.ts';
import type { Database } from './database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A query builder of an insert, update or delete: something that compiles and runs. */
export interface BatchableWrite extends Compilable {
  execute(): Promise<unknown>;
}

/**
 * What a write's RETURNING rows must satisfy, checked once it has run (it throws to refuse, which
 * rolls the transaction back). Held in a batch, the rows arrive as JSON values: timestamps as text.
 */
export type WrittenRowsCheck = (rows: readonly Record<string, unknown>[]) => void;

interface HeldWrite {
  write: BatchableWrite;
  check: WrittenRowsCheck | undefined;
}

const batches = new WeakMap<Db, HeldWrite[]>();

/**
 * Runs `work` on `trx`, holding the writes it passes to `writeSoon` and sending them in one
 * statement once it has finished. The caller commits afterwards (return from the transaction).
 */
export async function withWriteBatch<T>(trx: Transaction<Database>, work: () => Promise<T>): Promise<T> {
  const writes: HeldWrite[] = [];
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
 * not there yet for the statements that follow it. `check` sees the write's RETURNING rows, and may
 * refuse them (a counter over its limit): held, the refusal comes at the end of the work instead of
 * in its middle — the transaction rolls back all the same.
 */
export async function writeSoon(db: Db, write: BatchableWrite, check?: WrittenRowsCheck): Promise<void> {
  const held = batches.get(db);
  if (held) held.push({ write, check });
  else await runChecked(write, check);
}

/** Runs one write and checks its rows. (Not `check?.(await …)`: that would skip the write too.) */
async function runChecked(write: BatchableWrite, check: WrittenRowsCheck | undefined): Promise<void> {
  const result = await write.execute();
  if (check) check(Array.isArray(result) ? result : []);
}

/**
 * On a shard's view the global tables live in the directory's database (docs/operations.md
 * "Sharding"), so one statement cannot write both sides: the held writes go as one statement per
 * side there, each in its database's part of the transaction.
 */
async function sendTogether(trx: Transaction<Database>, writes: readonly HeldWrite[]): Promise<void> {
  if (writes.length < 2 || !isShardView(trx)) return sendAsOneStatement(trx, writes);
  const globalSide = (held: HeldWrite) => tablesOf(held.write.compile().query).global.size > 0;
  await sendAsOneStatement(trx, writes.filter(globalSide));
  await sendAsOneStatement(
    trx,
    writes.filter((held) => !globalSide(held)),
  );
}

async function sendAsOneStatement(trx: Transaction<Database>, writes: readonly HeldWrite[]): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length === 1) {
    const [{ write, check }] = writes as [HeldWrite];
    await runChecked(write, check);
    return;
  }
  // PostgreSQL runs every data-modifying CTE exactly once, whether the statement reads it or not;
  // the statement answers the rows of the writes that are checked, each tagged with its write.
  const name = (i: number) => sql.id(`write_${i}`);
  const ctes = writes.map(({ write }, i) => sql`${name(i)} as (${write})`);
  const answers = writes.flatMap(({ check }, i) =>
    check ? [sql`select ${i}::int as write, to_jsonb(w.*) as row from ${name(i)} as w`] : [],
  );
  const { rows } = await sql<{ write: number; row: Record<string, unknown> }>`with ${sql.join(ctes)} ${
    answers.length > 0
      ? sql.join(answers, sql` union all `)
      : sql`select null::int as write, null::jsonb as row`
  }`.execute(trx);
  for (const [i, { check }] of writes.entries())
    check?.(rows.filter((answer) => answer.write === i).map((answer) => answer.row));
}
