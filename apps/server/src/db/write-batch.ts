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
import {
  type Compilable,
  CompiledQuery,
  type Kysely,
  type OperationNodeSource,
  sql,
  type Transaction,
} from 'kysely';
import { isShardView, tablesOf } from '../sharding/routing-dialect.ts';
import type { Database } from './database.ts';
import { COMMIT_RIGHT_AFTER } from './transaction-edges.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A query builder of an insert, update or delete: something that compiles and runs. */
export interface BatchableWrite extends Compilable, OperationNodeSource {
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
  // A shard's view routes a statement by the tables of its query tree, so it gets one built by
  // Kysely; elsewhere the writes' own compiled texts are put together, each compiled once (a
  // fixed-shape write, db/fixed-shape.ts, costs only its values' placing).
  const statement = isShardView(trx)
    ? sql`with ${sql.join(writes.map(({ write }, i) => sql`${sql.id(`write_${i}`)} as (${write})`))} ${sql.raw(
        answersText(writes, commitRightAfter),
      )}`.compile(trx)
    : fromCompiledWrites(writes, commitRightAfter);
  const { rows } = await trx
    .executeQuery<{ write: number; row: Record<string, unknown> }>(statement)
    .catch((error: unknown) => {
      throw refusedInDatabase(error, writes) ?? error;
    });
  for (const [i, { refusal }] of writes.entries())
    if (refusal)
      refuseRows(
        refusal,
        rows.filter((answer) => answer.write === i).map((answer) => answer.row),
      );
}

/** The batch's statement from its writes' compiled texts, their parameters numbered on. */
function fromCompiledWrites(writes: readonly HeldWrite[], commitRightAfter: boolean): CompiledQuery {
  const parameters: unknown[] = [];
  const ctes = writes.map(({ write }, i) => {
    const compiled = write.compile();
    const text = shiftParameters(compiled.sql, parameters.length);
    parameters.push(...compiled.parameters);
    return `"write_${i}" as (${text})`;
  });
  return CompiledQuery.raw(`with ${ctes.join(', ')} ${answersText(writes, commitRightAfter)}`, parameters);
}

/**
 * What the batch answers: the rows of the writes that may be refused, each tagged with its write.
 * With the COMMIT right after, a refused row stops the statement itself, so the COMMIT never runs —
 * by a CASE, whose order of evaluation PostgreSQL promises (an AND's it does not).
 */
function answersText(writes: readonly HeldWrite[], commitRightAfter: boolean): string {
  const answers = writes.flatMap(({ refusal }, i) => {
    if (!refusal) return [];
    const column = `"${refusal.column.replaceAll('"', '""')}"`;
    const refuse = commitRightAfter
      ? ` where case when w.${column} is true then refuse_held_write(${i}, to_jsonb(w.*)) else true end`
      : '';
    return [`select ${i}::int as write, to_jsonb(w.*) as row from "write_${i}" as w${refuse}`];
  });
  const select =
    answers.length > 0 ? answers.join(' union all ') : 'select null::int as write, null::jsonb as row';
  return select + (commitRightAfter ? COMMIT_RIGHT_AFTER : '');
}

/**
 * `text` with its parameters `$1`, `$2`… renumbered from `offset + 1`. Only outside quotes: a
 * `$3` inside a string literal or a quoted name is text, not a parameter.
 */
export function shiftParameters(text: string, offset: number): string {
  if (offset === 0) return text;
  let shifted = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      // To the closing quote; a doubled quote inside is an escaped one.
      let end = i + 1;
      while (end < text.length && !(text[end] === c && text[end + 1] !== c)) end += text[end] === c ? 2 : 1;
      shifted += text.slice(i, end + 1);
      i = end + 1;
    } else if (c === '$' && /[0-9]/.test(text[i + 1] ?? '')) {
      let end = i + 1;
      while (/[0-9]/.test(text[end] ?? '')) end++;
      shifted += `$${Number(text.slice(i + 1, end)) + offset}`;
      i = end;
    } else {
      shifted += c;
      i++;
    }
  }
  return shifted;
}

/** The caller's error for a row PostgreSQL refused (refuse_held_write names the write and the row). */
function refusedInDatabase(error: unknown, writes: readonly HeldWrite[]): Error | undefined {
  const { code, hint, detail } = error as { code?: string; hint?: string; detail?: string };
  if (code !== HELD_WRITE_REFUSED || hint === undefined || detail === undefined) return undefined;
  const refusal = writes[Number(hint)]?.refusal;
  return refusal?.error(JSON.parse(detail) as Record<string, unknown>);
}
