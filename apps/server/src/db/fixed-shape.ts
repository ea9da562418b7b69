/**
 * Queries built once and run many times. Kysely builds a tree of frozen nodes for every query and
 * compiles it to SQL on every call — a tenth of a booking's CPU in the server went there
 * (docs/benchmarks.md "Booking: queries compiled once"). A query whose SQL text depends only on a
 * few facts known before its values (which columns an insert writes, how many ids a list holds) is
 * built here once per such shape, with placeholders where the values go; each call only puts its
 * values in the placeholders' places in the parameter list.
 *
 * Cached per dialect adapter: the text a tree compiles to depends on the database's dialect (a
 * shard's view compiles the same way but is told apart by its adapter, docs/operations.md
 * "Sharding"), never on the transaction. The cache never goes stale: what it keeps is SQL text,
 * fixed by the code, and the shapes are few (a key per shape, chosen by the caller).
 */
import type { Compilable, CompiledQuery, Kysely, OperationNode, OperationNodeSource } from 'kysely';
import type { Database } from './database.ts';

type Db = Kysely<Database>;

/** Where a value goes: stands in the query tree for the value named `name` when it is built. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** The placeholders of a query's values, typed as the values themselves for the query builder. */
export type Placeholders<V> = { readonly [K in keyof V]: V[K] };

/** A query that takes its values `V` and answers rows `R`. */
export interface FixedShapeQuery<V, R> {
  execute(db: Db, values: V): Promise<R[]>;
  /**
   * The query with its values, not run yet: a write to hold for the end of a transaction
   * (db/write-batch.ts writeSoon). `compile()` costs only the values' placing.
   */
  bound(db: Db, values: V): BoundQuery<R>;
}

/** A fixed-shape query with its values: compiles cheaply, runs, or goes into another statement. */
export interface BoundQuery<R> extends Compilable<R> {
  execute(): Promise<R[]>;
  /** The query tree, built anew: for a statement that embeds it through Kysely (rare paths). */
  toOperationNode(): OperationNode;
}

/**
 * `build` makes the query from placeholders (never from the values: what it writes must depend
 * only on `shape(values)`); `shape` names the facts the text depends on ('' when none).
 */
export function fixedShape<V extends object, R>(
  build: (db: Db, values: Placeholders<V>, example: V) => Compilable<R> & OperationNodeSource,
  shape: (values: V) => string = () => '',
): FixedShapeQuery<V, R> {
  const compiled = new WeakMap<object, Map<string, CompiledQuery<R>>>();
  /** The query's text and parameters for these values, from the text compiled once per shape. */
  const compile = (db: Db, values: V): CompiledQuery<R> => {
    const executor = db.getExecutor();
    // A plugin may rewrite a query or read its id per call: build as Kysely always does then.
    if (executor.plugins.length > 0) return build(db, values, values).compile();
    let byShape = compiled.get(executor.adapter);
    if (!byShape) {
      byShape = new Map();
      compiled.set(executor.adapter, byShape);
    }
    const key = shape(values);
    let template = byShape.get(key);
    if (!template) {
      template = build(db, placeholdersOf(values), values).compile();
      byShape.set(key, template);
    }
    const parameters = template.parameters.map((value) =>
      value instanceof Placeholder ? parameterValue(values, value.name) : value,
    );
    return { ...template, parameters };
  };
  const execute = async (db: Db, values: V) => (await db.executeQuery<R>(compile(db, values))).rows;
  return {
    execute,
    bound: (db, values) => ({
      compile: () => compile(db, values),
      execute: () => execute(db, values),
      toOperationNode: () => build(db, values, values).toOperationNode(),
    }),
  };
}

/**
 * A value to send as a parameter. A Kysely expression (sql`now()`) is SQL, not a value: built into
 * the text by Kysely, it cannot stand in a placeholder's place, so it is refused loudly.
 */
function parameterValue(values: object, name: string): unknown {
  const value = (values as Record<string, unknown>)[name];
  if (typeof value === 'object' && value !== null && 'toOperationNode' in value)
    throw new TypeError(`a query of fixed shape takes values, not SQL expressions (${name})`);
  return value;
}

function placeholdersOf<V extends object>(values: V): Placeholders<V> {
  const given = values as Record<string, unknown>;
  // An undefined value stays undefined: Kysely leaves such a column out of an insert, and the
  // shape (columnsOf) says so.
  return Object.fromEntries(
    Object.keys(given).map((name) => [name, given[name] === undefined ? undefined : new Placeholder(name)]),
  ) as Placeholders<V>;
}

/** The keys of a row an insert writes, in order: an insert's shape (undefined values are left out). */
export function columnsOf(row: object): string {
  const given = row as Record<string, unknown>;
  return Object.keys(given)
    .filter((key) => given[key] !== undefined)
    .join(',');
}

/**
 * An insert of several rows of the same columns (a booking's three link tokens, its reminder jobs),
 * built once per number of rows and set of columns: `build` gets one row of placeholders per row.
 */
export function fixedShapeRows<Row extends object, R = unknown>(
  build: (db: Db, rows: Placeholders<Row>[]) => Compilable<R> & OperationNodeSource,
): { bound(db: Db, rows: readonly Row[]): BoundQuery<R> } {
  // The rows as one values object, a key per row and column: `3.token_hash`.
  const query = fixedShape(
    (db, flat: Placeholders<Record<string, unknown>>) => {
      const rows: Record<string, unknown>[] = [];
      for (const [key, placeholder] of Object.entries(flat)) {
        const dot = key.indexOf('.');
        const row = Number(key.slice(0, dot));
        rows[row] ??= {};
        rows[row][key.slice(dot + 1)] = placeholder;
      }
      return build(db, rows as Placeholders<Row>[]);
    },
    (flat: Record<string, unknown>) => columnsOf(flat),
  );
  return {
    bound: (db, rows) =>
      query.bound(
        db,
        Object.fromEntries(
          rows.flatMap((row, i) => Object.entries(row).map(([column, value]) => [`${i}.${column}`, value])),
        ),
      ),
  };
}
