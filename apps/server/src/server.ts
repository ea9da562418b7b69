/** Wires configuration, database and application together; used by main.ts, the CLI and tests. */
import { type BuildOptions, buildApp } from './app.ts';
import type { AppContext } from './app-context.ts';
import type { ServerConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createViewerResolver } from './modules/sessions/viewer-resolver.ts';
import { OperationsState } from './operations/operations-state.ts';
import { ShardDirectory } from './sharding/shard-directory.ts';
import { DIRECTORY_SHARD, openShards } from './sharding/shard-set.ts';

export interface StartOptions {
  config: ServerConfig;
  now?: () => Date;
  logger?: BuildOptions['logger'];
  /** An already-open database (tests share one); otherwise opened from the config. */
  database?: DatabaseHandle;
}

export async function openConfiguredDatabase(config: ServerConfig): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  await migrateToLatest(handle.db);
  return handle;
}

export async function createServer(options: StartOptions) {
  const database = options.database ?? (await openConfiguredDatabase(options.config));
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    listen: database.listen,
    config: options.config,
    now: options.now ?? (() => new Date()),
    resolveViewer: async () => {
      throw new Error('viewer resolver not ready');
    },
  };
  // One database: nothing changes, and no request pays for the directory.
  const shardSet =
    Object.keys(options.config.shards).length > 0
      ? await openShards(database, options.config.shards)
      : undefined;
  if (shardSet) {
    const directory = new ShardDirectory(database.db, shardSet.router.names);
    await directory.listen(database.listen);
    ctx.db = shardSet.router.view(DIRECTORY_SHARD);
    ctx.listen = shardSet.listen;
    ctx.shards = { router: shardSet.router, directory };
  }
  ctx.resolveViewer = createViewerResolver(ctx);
  const operations = new OperationsState();
  const app = await buildApp(ctx, { logger: options.logger, operations, poolStats: database.poolStats });
  app.addHook('onClose', async () => {
    await ctx.shards?.directory.close();
    await shardSet?.close();
    if (!options.database) await database.close();
  });
  return { app, ctx, database, operations };
}
