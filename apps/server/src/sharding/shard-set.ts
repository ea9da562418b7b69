/**
 * The PostgreSQL clusters of a sharded deployment (docs/operations.md "Sharding"): DATABASE_URL is
 * the directory and the shard `main`; SHARDS adds the others. Each shard is migrated like a whole
 * Créneau database, is numbered once on the directory, and draws its ids from a range of its own,
 * so that ids stay unique over every shard and a moved group keeps its ids on the new one.
 */
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import type { Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Listen } from '../db/notifications.ts';
import { ShardRouter } from './routing-dialect.ts';

export const DIRECTORY_SHARD = 'main';

/** Ids a shard may hand out: shard n numbers its rows from n × ID_RANGE + 1 (at most 21 shards on int4 ids). */
export const ID_RANGE = 100_000_000;

export interface ShardSet {
  router: ShardRouter;
  /** Every shard's database, the directory's under `main`. */
  handles: ReadonlyMap<string, DatabaseHandle>;
  /** LISTEN on every shard at once: a change on any of them is heard. */
  listen: Listen;
  /** Closes the shards opened here (the directory's handle belongs to its opener). */
  close(): Promise<void>;
}

/** Opens, migrates, numbers and routes the shards named in `urls` beside the directory. */
export async function openShards(directory: DatabaseHandle, urls: Record<string, string>): Promise<ShardSet> {
  if (!directory.pool) throw new Error('sharding needs the directory on PostgreSQL (DATABASE_URL)');
  const handles = new Map<string, DatabaseHandle>([[DIRECTORY_SHARD, directory]]);
  try {
    await keepIdsInRange(directory.db, 0);
    for (const [name, url] of Object.entries(urls)) {
      const handle = await openDatabase({ databaseUrl: url });
      handles.set(name, handle);
      await migrateToLatest(handle.db);
      await keepIdsInRange(handle.db, await shardNumber(directory.db, name));
    }
  } catch (error) {
    for (const [name, handle] of handles) if (name !== DIRECTORY_SHARD) await handle.close();
    throw error;
  }
  const pools = new Map<string, pg.Pool>();
  for (const [name, handle] of handles) pools.set(name, handle.pool!);
  const router = new ShardRouter(pools, DIRECTORY_SHARD);
  await router.init();
  return {
    router,
    handles,
    listen: listenOnEvery([...handles.values()]),
    close: async () => {
      for (const [name, handle] of handles) if (name !== DIRECTORY_SHARD) await handle.close();
    },
  };
}

/** The shard's number, given on first sight, once for good (the directory's is 0). */
export async function shardNumber(directory: Kysely<Database>, name: string): Promise<number> {
  return directory.transaction().execute(async (trx) => {
    await sql`lock table shards in share row exclusive mode`.execute(trx);
    const known = await trx.selectFrom('shards').select('number').where('name', '=', name).executeTakeFirst();
    if (known) return known.number;
    const { next } = await trx
      .selectFrom('shards')
      .select(sql<number>`coalesce(max(number), 0) + 1`.as('next'))
      .executeTakeFirstOrThrow();
    if (next * ID_RANGE >= 2 ** 31) throw new Error(`no id range left for shard ${name}`);
    await trx.insertInto('shards').values({ name, number: next }).execute();
    return next;
  });
}

/**
 * Moves every sequence of a shard into its range, and caps it at the range's end: running out is
 * an error there, never an id that another shard hands out too.
 */
export async function keepIdsInRange(db: Kysely<Database>, number: number): Promise<void> {
  const first = number * ID_RANGE + 1;
  const last = (number + 1) * ID_RANGE;
  const { rows } = await sql<{ name: string; last_value: number | null; max_value: number }>`
    select format('%I.%I', schemaname, sequencename) as name, last_value, max_value
    from pg_sequences where schemaname = 'public'`.execute(db);
  for (const sequence of rows) {
    if (sequence.last_value === null || sequence.last_value < first)
      await sql`select setval(${sequence.name}::regclass, ${first}, false)`.execute(db);
    if (sequence.max_value > last)
      await sql`alter sequence ${sql.raw(sequence.name)} maxvalue ${sql.lit(last)}`.execute(db);
  }
}

function listenOnEvery(handles: DatabaseHandle[]): Listen {
  return async (channel, onPayload, onListening) => {
    const stops = await Promise.all(handles.map((handle) => handle.listen(channel, onPayload, onListening)));
    return async () => {
      await Promise.all(stops.map((stop) => stop()));
    };
  };
}
