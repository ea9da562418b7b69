/**
 * Opens the database: a pg pool on a real PostgreSQL when a URL is given, otherwise PGlite
 * (PostgreSQL in WASM, in-process) with its files under the data directory.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { type Listen, listenOnPostgres } from './notifications.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { TransactionEdges } from './transaction-edges.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** The embedded engine itself (PGlite only): tests dump and load data directories with it. */
  pglite?: PGlite;
  /** The pg pool's connections right now (PostgreSQL only), for the metrics. */
  poolStats?: () => PoolStats;
  /** The pg pool itself (PostgreSQL only): a sharded deployment routes queries over the pools. */
  pool?: pg.Pool;
  /** LISTEN on a channel (db/notifications.ts); NOTIFY comes from triggers, on both engines. */
  listen: Listen;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, idle among them, requests waiting for one, and the most the pool opens. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

// Same value shapes from both engines: local dates and wall-clock timestamps stay strings
// (a JS Date would silently move them into the process's time zone), int8 counts become numbers.
const OID = { int8: 20, date: 1082, timestamp: 1114 } as const;
const keepText = (value: string) => value;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /** A PGlite data-directory dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

/** Named statements a connection keeps at most; beyond, new texts run unnamed as before. */
const MAX_PREPARED_PER_CONNECTION = 300;

/**
 * Sends each distinct statement text as a named prepared statement, once per connection, then
 * only binds and executes it: PostgreSQL parses and analyses a text once per connection instead of
 * once per call, and after five calls keeps a generic plan when it is as good as a custom one (it
 * keeps planning per call otherwise, e.g. for partial indexes). Kysely sends parameterised texts,
 * so a service has a few dozen; the booking benchmark spends a third less of PostgreSQL's CPU.
 * A transaction's BEGIN and COMMIT travel with its statements (transaction-edges.ts).
 */
function prepareRepeatedStatements(client: pg.PoolClient, edges: TransactionEdges): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    // Kysely's calls: a text and its values. Anything else goes through untouched.
    if (typeof text !== 'string' || !Array.isArray(values) || rest.length > 0)
      return query(text, values, ...rest);
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED_PER_CONNECTION) {
      name = `creneau_${names.size}`;
      names.set(text, name);
    }
    return edges.run(query, { text, values, name });
  }) as typeof client.query;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const max = options.poolSize ?? 20;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      // A connection once opened is kept, never closed for being idle: a rush that needs it again
      // finds it ready instead of paying for a new backend, its catalogue caches and its prepared
      // statements just when the machine has least to spare (docs/operations.md "Under overload").
      min: max,
      // Our joins are lookups written from the driving table outwards. Left free to reorder them,
      // the planner searches every order of an appointment's eight-table read on each execution:
      // 1–2 ms of PostgreSQL's CPU per booking, more than running the query (booking benchmark).
      options: '-c join_collapse_limit=1',
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === OID.int8) return (value: string) => Number(value);
          if (oid === OID.date || oid === OID.timestamp) return keepText;
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle pooled connection can die (server restart, failover, a dropped test database): the
    // pool replaces it, so log instead of letting the 'error' event crash the process.
    pool.on('error', (error) => console.warn(`PostgreSQL pool: ${error.message}`));
    // The same for a connection that dies while checked out between two queries: the query that
    // uses it next fails and its request answers an error; the process must live on.
    const edgesOf = new WeakMap<pg.PoolClient, TransactionEdges>();
    pool.on('connect', (client) => {
      client.on('error', (error) => console.warn(`PostgreSQL connection: ${error.message}`));
      const edges = new TransactionEdges();
      edgesOf.set(client, edges);
      prepareRepeatedStatements(client, edges);
    });
    // Whatever a previous user of the connection left held is not the next one's.
    pool.on('acquire', (client) => edgesOf.get(client)?.reset());
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      pool,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      listen: listenOnPostgres(options.databaseUrl),
      close: () => db.destroy(),
    };
  }
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { btree_gist },
    parsers: { [OID.date]: keepText, [OID.timestamp]: keepText },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    listen: async (channel, onPayload, onListening) => {
      const stop = await pglite.listen(channel, onPayload);
      onListening?.();
      return () => stop();
    },
    close: async () => {
      await db.destroy();
      unlock();
    },
  };
}
