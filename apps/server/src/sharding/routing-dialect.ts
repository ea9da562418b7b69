/**
 * A Kysely database that sends each query where its tables live (docs/operations.md "Sharding"):
 * the global tables (accounts and logins, decision 002, and the shard directory) to the directory
 * database, every other table to one group's shard. Services keep writing `ctx.db` queries as on a
 * single database; the request's scope hands them the view of their group's shard.
 *
 * A query that names both sides can run only when the shard is the directory itself; elsewhere it
 * is refused (CrossShardQueryError), as such a join would silently find nothing. A transaction that
 * touches both sides holds one transaction on each and commits the shard's first: it is atomic on
 * each database, not across them (decision 019 says what that costs).
 */
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/database.ts';

/** The tables of the directory database: a person's identity (decision 002) and the directory. */
export const GLOBAL_TABLES: ReadonlySet<string> = new Set([
  'accounts',
  'pro_groups',
  'sessions',
  'email_tokens',
  'login_throttle',
  'shards',
  'shard_directory',
]);

/** Every other table of the schema: a group's rows (the names Kysely's types know). */
const GROUP_TABLES: ReadonlySet<string> = new Set<keyof Database>([
  'groups',
  'websites',
  'interventionsets',
  'interventions',
  'calendarsets',
  'calendars',
  'calendar_interventions',
  'opening_ranges',
  'schedule_exceptions',
  'promotions',
  'form_fields',
  'staff_calendars',
  'staff_invitations',
  'group_config_versions',
  'group_images',
  'fiches',
  'appointments',
  'appointment_history',
  'idempotency_keys',
  'mail_outbox',
  'jobs',
  'calendar_feeds',
  'webhook_endpoints',
  'webhook_deliveries',
  'waitlist_entries',
  'waitlist_offers',
]);

export class CrossShardQueryError extends Error {
  constructor(tables: string[], shard: string) {
    super(`a query joins global and group tables (${tables.join(', ')}) on shard ${shard}`);
  }
}

// Table names written in raw SQL fragments (subqueries, `sql` templates).
const RAW_TABLE = /\b(?:from|join|into|update)\s+([a-z_]+)/gi;

/** The known tables a query's operation tree names, by side. */
export function tablesOf(node: unknown): { global: Set<string>; group: Set<string> } {
  const found = { global: new Set<string>(), group: new Set<string>() };
  const note = (name: string) => {
    if (GLOBAL_TABLES.has(name)) found.global.add(name);
    else if (GROUP_TABLES.has(name)) found.group.add(name);
  };
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const kind = (value as { kind?: string }).kind;
    if (kind === 'TableNode') {
      note((value as { table: { identifier: { name: string } } }).table.identifier.name);
      return;
    }
    if (kind === 'RawNode') {
      for (const fragment of (value as { sqlFragments: readonly string[] }).sqlFragments)
        for (const match of fragment.matchAll(RAW_TABLE)) note(match[1]!.toLowerCase());
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(node);
  return found;
}

/** The adapter of a shard's view: how code that must split a join knows it runs on one. */
class ShardViewAdapter extends PostgresAdapter {}

/**
 * Whether `db` (or a transaction begun on it) is a shard's view: global tables are then elsewhere
 * and a join between them and a group's tables must be split into two queries.
 */
export function isShardView(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof ShardViewAdapter;
}

/** The shards' pools by name, the directory's among them. */
export class ShardRouter {
  private readonly drivers = new Map<string, Driver>();
  private readonly views = new Map<string, Kysely<Database>>();

  constructor(
    pools: ReadonlyMap<string, pg.Pool>,
    readonly directory: string,
  ) {
    for (const [name, pool] of pools) this.drivers.set(name, new PostgresDriver({ pool }));
  }

  async init(): Promise<void> {
    for (const driver of this.drivers.values()) await driver.init();
  }

  get names(): string[] {
    return [...this.drivers.keys()];
  }

  has(shard: string): boolean {
    return this.drivers.has(shard);
  }

  driver(shard: string): Driver {
    const driver = this.drivers.get(shard);
    if (!driver) throw new Error(`unknown shard ${shard}`);
    return driver;
  }

  /** The database as seen by one shard's groups: made once per shard. */
  view(shard: string): Kysely<Database> {
    let view = this.views.get(shard);
    if (!view) {
      this.driver(shard);
      view = new Kysely<Database>({
        dialect: {
          createAdapter: () => new ShardViewAdapter(),
          createDriver: () => new RoutingDriver(this, shard),
          createQueryCompiler: () => new PostgresQueryCompiler(),
          createIntrospector: (db) => new PostgresIntrospector(db),
        },
      });
      this.views.set(shard, view);
    }
    return view;
  }

  /** Where a query of `shard`'s view runs. */
  targetOf(query: unknown, shard: string): string {
    const { global, group } = tablesOf(query);
    if (global.size === 0) return shard;
    if (group.size === 0 || shard === this.directory) return this.directory;
    throw new CrossShardQueryError([...global, ...group], shard);
  }
}

/** One logical connection: a real one per database it has used, opened when first needed. */
class RoutingConnection implements DatabaseConnection {
  private readonly held = new Map<string, Promise<DatabaseConnection>>();
  private transaction: TransactionSettings | undefined;

  constructor(
    private readonly router: ShardRouter,
    private readonly shard: string,
  ) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.router.targetOf(compiled.query, this.shard);
    return this.connectionTo(target).then((connection) => connection.executeQuery<R>(compiled));
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const connection = await this.connectionTo(this.router.targetOf(compiled.query, this.shard));
    yield* connection.streamQuery<R>(compiled, chunkSize);
  }

  private connectionTo(target: string): Promise<DatabaseConnection> {
    let held = this.held.get(target);
    if (!held) {
      const driver = this.router.driver(target);
      const settings = this.transaction;
      held = driver.acquireConnection().then(async (connection) => {
        if (settings) await driver.beginTransaction(connection, settings);
        return connection;
      });
      this.held.set(target, held);
    }
    return held;
  }

  begin(settings: TransactionSettings): void {
    this.transaction = settings;
  }

  /** The shard's transaction first: should the directory's then fail, the group's rows are kept
   * but nothing global names them (a new group without its directory entry is never reached). */
  async commit(): Promise<void> {
    const order = [...this.held.keys()].sort((a, b) =>
      a === this.router.directory ? 1 : b === this.router.directory ? -1 : 0,
    );
    try {
      for (const name of order) await this.router.driver(name).commitTransaction(await this.held.get(name)!);
    } finally {
      this.transaction = undefined;
    }
  }

  async rollback(): Promise<void> {
    const errors: unknown[] = [];
    for (const [name, held] of this.held) {
      await this.router
        .driver(name)
        .rollbackTransaction(await held)
        .catch((error: unknown) => errors.push(error));
    }
    this.transaction = undefined;
    if (errors.length > 0) throw errors[0];
  }

  async release(): Promise<void> {
    const held = [...this.held];
    this.held.clear();
    for (const [name, connection] of held) {
      const open = await connection.catch(() => undefined);
      if (open) await this.router.driver(name).releaseConnection(open);
    }
  }
}

class RoutingDriver implements Driver {
  constructor(
    private readonly router: ShardRouter,
    private readonly shard: string,
  ) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutingConnection(this.router, this.shard);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    (connection as RoutingConnection).begin(settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutingConnection).commit();
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutingConnection).rollback();
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutingConnection).release();
  }
  // The pools belong to the shards' handles, which close them.
  async destroy(): Promise<void> {}
}
