/**
 * A transaction's BEGIN and COMMIT travel with the statements next to them instead of making round
 * trips of their own. node-postgres sends one statement, waits for PostgreSQL's answer, then sends
 * the next; each round trip wakes both processes and costs each a write, a read and a parse of the
 * answer, whatever the statement does (docs/benchmarks.md "Booking: eight round trips"). A
 * booking was twelve round trips; two of them were a bare BEGIN and a bare COMMIT.
 *
 * - BEGIN is held when it is asked for and sent in front of the transaction's first statement, in
 *   the same extended-protocol exchange (one Sync): PostgreSQL runs BEGIN, then the statement, in
 *   order. A transaction that sends no statement sends no BEGIN, and its COMMIT or ROLLBACK nothing.
 * - COMMIT goes right after a statement whose text ends with `COMMIT_RIGHT_AFTER`, in the same
 *   exchange; the transaction's own COMMIT that follows is then answered at once. The caller marks
 *   only its last statement, with nothing left to run or refuse after it (write-batch.ts). Should
 *   the statement fail, PostgreSQL skips the COMMIT (an error skips the rest of an exchange) and the
 *   transaction is rolled back as before; should the COMMIT itself fail, the statement's call fails
 *   with its error.
 *
 * Semantics do not change: PostgreSQL starts the transaction at its first statement either way (its
 * snapshot is taken there, in read committed), and the statements run in the order they were asked.
 */
import pg from 'pg';

/** Ends the text of a transaction's last statement when its COMMIT may go with it. */
export const COMMIT_RIGHT_AFTER = '\n/* and commit */';

interface Statement {
  text: string;
  values: unknown[];
  /** A prepared statement's name (connection.ts), or none for an unnamed one. */
  name: string | undefined;
}

type Send = (query: object) => unknown;

/** What Kysely reads of an answer to BEGIN, COMMIT or ROLLBACK: nothing but an empty result. */
const emptyAnswer = (command: string) =>
  Promise.resolve({ command, rowCount: null, rows: [], fields: [], oid: 0 } as unknown as pg.QueryResult);

/** One per connection: what it holds back of the transaction in progress. */
export class TransactionEdges {
  #beginHeld = false;
  #committed = false;

  /** The pool hands the connection out anew: nothing of a previous transaction is held. */
  reset(): void {
    this.#beginHeld = false;
    this.#committed = false;
  }

  /** Sends a statement Kysely asked for (`send` is the client's own query), or answers it at once. */
  run(send: Send, statement: Statement): Promise<pg.QueryResult> {
    switch (statement.text) {
      case 'begin':
        if (this.#beginHeld || this.#committed) break;
        this.#beginHeld = true;
        return emptyAnswer('BEGIN');
      case 'commit':
      case 'rollback':
        if (this.#beginHeld) {
          // Nothing was sent since BEGIN: PostgreSQL has no transaction to end.
          this.#beginHeld = false;
          return emptyAnswer(statement.text.toUpperCase());
        }
        if (this.#committed) {
          this.#committed = false;
          if (statement.text === 'commit') return emptyAnswer('COMMIT');
          // Work after the marked statement failed, yet that statement's COMMIT has gone: a caller
          // that marks a statement before its last. Say so loudly; there is nothing left to undo.
          console.error('creneau: a transaction rolled back after its COMMIT had been sent');
          return emptyAnswer('ROLLBACK');
        }
        break;
    }
    const begin = this.#beginHeld;
    const commit = statement.text.endsWith(COMMIT_RIGHT_AFTER);
    if (!begin && !commit) return send(withName(statement)) as Promise<pg.QueryResult>;
    this.#beginHeld = false;
    return new Promise((resolve, reject) => {
      const query = new EdgedQuery(withName(statement), { begin, commit }, (error, result) => {
        if (error) return reject(error);
        if (commit) this.#committed = true;
        resolve(result);
      });
      send(query);
    });
  }
}

function withName({ text, values, name }: Statement) {
  return name === undefined ? { text, values } : { name, text, values };
}

/** The parts of node-postgres's connection an exchange is written with. */
interface WireConnection {
  parse(message: { text: string; name?: string }): void;
  bind(message: Record<string, unknown>): void;
  execute(message: Record<string, unknown>): void;
  sync(): void;
}

/** The methods of pg.Query this class builds on (not in its published types). */
interface QueryInternals {
  submit(connection: WireConnection): Error | null;
  handleCommandComplete(message: { text: string }, connection: WireConnection): void;
}

const QueryBase = pg.Query as unknown as new (
  config: { text: string; values: unknown[]; name?: string; queryMode?: 'extended' },
  callback: (error: Error | undefined, result: pg.QueryResult) => void,
) => QueryInternals;

/**
 * A statement written with BEGIN in front of it and/or COMMIT after it, all before one Sync. pg's
 * Query writes the statement's own messages; this only adds the edges around them, through a
 * connection whose `parse`, `bind` and `sync` put them in the right places.
 */
class EdgedQuery extends QueryBase {
  readonly #edges: { begin: boolean; commit: boolean };

  constructor(
    statement: { text: string; values: unknown[]; name?: string },
    edges: { begin: boolean; commit: boolean },
    callback: (error: Error | undefined, result: pg.QueryResult) => void,
  ) {
    // Always the extended protocol: the simple one would answer BEGIN with an exchange of its own.
    super({ ...statement, queryMode: 'extended' }, callback);
    this.#edges = edges;
  }

  override submit(connection: WireConnection): Error | null {
    const real = connection;
    const edged: WireConnection = Object.create(real);
    let beginSent = !this.#edges.begin;
    let executed = false;
    const sendBegin = () => {
      if (beginSent) return;
      beginSent = true;
      runUnnamed(real, 'begin');
    };
    // BEGIN goes after the statement's Parse when the statement is named, so that the Parse pg
    // books as the statement's is the statement's; before it when it is unnamed, since BEGIN's own
    // unnamed Parse would replace it.
    edged.parse = (message) => {
      if (message.name === undefined || message.name === '') sendBegin();
      real.parse(message);
    };
    edged.bind = (message) => {
      sendBegin();
      real.bind(message);
    };
    edged.execute = (message) => {
      executed = true;
      real.execute(message);
    };
    // No COMMIT unless the statement itself was written (pg skips it when its values fail to bind).
    edged.sync = () => {
      if (this.#edges.commit && executed) runUnnamed(real, 'commit');
      real.sync();
    };
    return super.submit(edged);
  }

  /** BEGIN's and COMMIT's completions are not the statement's result. */
  override handleCommandComplete(message: { text: string }, connection: WireConnection) {
    if (message.text === 'BEGIN' || message.text === 'COMMIT') return;
    super.handleCommandComplete(message, connection);
  }
}

/** Parse, Bind and Execute of a statement without values, unnamed: no Sync of its own. */
function runUnnamed(connection: WireConnection, text: string): void {
  connection.parse({ text, name: '' });
  connection.bind({ portal: '', statement: '', values: [] });
  connection.execute({ portal: '' });
}
