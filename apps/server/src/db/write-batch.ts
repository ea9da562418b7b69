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
import { COMMIT_RIGHT_AFTER } from './transaction-edges.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A query builder of an insert, update or delete: something that compiles and runs. */
export interface BatchableWrite extends Compilable {
  execute(): Promise<unknown>;
}

/**
 * When a write's rows refuse the transaction (a counter over its limit): the rows whose boolean
 * `column` (in the write's RETURNING) is true are refused, and `error` says why to the caller; the
 * transaction rolls back. The rule itself lives in the SQL that computes the column, once: held in
 * a batch whose COMMIT travels with it, PostgreSQL refuses the row itself, before that COMMIT runs
 * (`refuse_held_write`, migration 019). Held, the rows arrive as JSON values: timestamps as text.
 */
export interface WriteRefusal {
  column: string;
  error(row: Record<string, unknown>): Error;
}

interface HeldWrite {
  write: BatchableWrite;
  refusal: WriteRefusal | undefined;
}

const batches = new WeakMap<Db, HeldWrite[]>();

/**
 * Runs `work` on `trx`, holding the writes it passes to `writeSoon` and sending them in one
 * statement once it has finished. The caller commits afterwards (return from the transaction).
 */
export async function withWriteBatch<T>(
  trx: Transaction<Database>,
  work: () => Promise<T>,
  { commitRightAfter = false } = {},
): Promise<T> {
  const writes: HeldWrite[] = [];
  batches.set(trx, writes);
  try {
    const result = await work();
    await sendTogether(trx, writes.splice(0), commitRightAfter);
    return result;
  } finally {
    batches.delete(trx);
  }
}

/**
 * A transaction of `work` and its held writes, committed the moment they are sent: the batch is
 * the transaction's last statement, so its COMMIT travels with it (transaction-edges.ts).
 */
export function transactionWithWriteBatch<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute((trx) => withWriteBatch(trx, () => work(trx), { commitRightAfter: true }));
}

/**
 * Runs the write now, or, inside `withWriteBatch` on this transaction, with the batch just before
 * the commit. Only for writes whose rows nothing reads back in the same transaction: a held write is
 * not there yet for the statements that follow it. A `refusal` may refuse the write's rows: held,
 * the refusal comes at the end of the work instead of in its middle — the transaction rolls back
 * all the same.
 */
export async function writeSoon(db: Db, write: BatchableWrite, refusal?: WriteRefusal): Promise<void> {
  const held = batches.get(db);
  if (held) held.push({ write, refusal });
  else await runAndRefuse(write, refusal);
}

/** Runs one write and refuses its rows when they call for it. */
async function runAndRefuse(write: BatchableWrite, refusal: WriteRefusal | undefined): Promise<void> {
  const result = await write.execute();
  if (refusal) refuseRows(refusal, Array.isArray(result) ? result : []);
}

function refuseRows(refusal: WriteRefusal, rows: readonly Record<string, unknown>[]): void {
  const refused = rows.find((row) => row[refusal.column] === true);
  if (refused) throw refusal.error(refused);
}

/**
 * On a shard's view the global tables live in the directory's database (docs/operations.md
 * "Sharding"), so one statement cannot write both sides: the held writes go as one statement per
 * side there, each in its database's part of the transaction, and the COMMIT on its own.
 */
async function sendTogether(
  trx: Transaction<Database>,
  writes: readonly HeldWrite[],
  commitRightAfter: boolean,
): Promise<void> {
  if (writes.length === 0 || (writes.length === 1 && !commitRightAfter))
    return sendAsOneStatement(trx, writes, false);
  if (!isShardView(trx)) return sendAsOneStatement(trx, writes, commitRightAfter);
  const globalSide = (held: HeldWrite) => tablesOf(held.write.compile().query).global.size > 0;
  await sendAsOneStatement(trx, writes.filter(globalSide), false);
  await sendAsOneStatement(
    trx,
    writes.filter((held) => !globalSide(held)),
    false,
  );
}

/** The SQLSTATE `refuse_held_write` raises (migration 019). */
const HELD_WRITE_REFUSED = 'CR001';

async function sendAsOneStatement(
  trx: Transaction<Database>,
  writes: readonly HeldWrite[],
  commitRightAfter: boolean,
): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length === 1 && !commitRightAfter) {
    const [{ write, refusal }] = writes as [HeldWrite];
    await runAndRefuse(write, refusal);
    return;
  }
  // PostgreSQL runs every data-modifying CTE exactly once, whether the statement reads it or not;
  // the statement answers the rows of the writes that may be refused, each tagged with its write.
  // With the COMMIT right after, a refused row stops the statement itself, so the COMMIT never runs.
  const name = (i: number) => sql.id(`write_${i}`);
  const ctes = writes.map(({ write }, i) => sql`${name(i)} as (${write})`);
  const answers = writes.flatMap(({ refusal }, i) => {
    if (!refusal) return [];
    // CASE, not AND: PostgreSQL promises the order in which a CASE evaluates, not an AND.
    const refuse = commitRightAfter
      ? sql`where case when w.${sql.ref(refusal.column)} is true then refuse_held_write(${sql.lit(i)}, to_jsonb(w.*)) else true end`
      : sql``;
    return [sql`select ${sql.lit(i)}::int as write, to_jsonb(w.*) as row from ${name(i)} as w ${refuse}`];
  });
  const statement = sql<{ write: number; row: Record<string, unknown> }>`with ${sql.join(ctes)} ${
    answers.length > 0
      ? sql.join(answers, sql` union all `)
      : sql`select null::int as write, null::jsonb as row`
  }${sql.raw(commitRightAfter ? COMMIT_RIGHT_AFTER : '')}`;
  const { rows } = await statement.execute(trx).catch((error: unknown) => {
    throw refusedInDatabase(error, writes) ?? error;
  });
  for (const [i, { refusal }] of writes.entries())
    if (refusal)
      refuseRows(
        refusal,
        rows.filter((answer) => answer.write === i).map((answer) => answer.row),
      );
}

/** The caller's error for a row PostgreSQL refused (refuse_held_write names the write and the row). */
function refusedInDatabase(error: unknown, writes: readonly HeldWrite[]): Error | undefined {
  const { code, hint, detail } = error as { code?: string; hint?: string; detail?: string };
  if (code !== HELD_WRITE_REFUSED || hint === undefined || detail === undefined) return undefined;
  const refusal = writes[Number(hint)]?.refusal;
  return refusal?.error(JSON.parse(detail) as Record<string, unknown>);
}
