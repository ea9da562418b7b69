/**
 * A request's context on its group's shard (docs/operations.md "Sharding"): group tables on the
 * shard the directory names, global ones on the directory. Only called on a sharded deployment.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/database.ts';
import { errors } from '../errors/domain-error.ts';

/** How long a caller waits before trying a write again while its group moves (a move takes seconds). */
export const MOVE_RETRY_AFTER_SECONDS = 30;

/**
 * The context for a request about `groupId`. While the group moves to another shard its reads are
 * served from the old one and its writes refused with serverBusy: nothing written can be lost.
 */
export async function groupShardContext(
  ctx: AppContext,
  groupId: number,
  writes: boolean,
): Promise<AppContext> {
  const shards = ctx.shards!;
  const entry = await shards.directory.entryOf(groupId);
  if (!entry) throw errors.groupDoesNotExist();
  if (writes && entry.movingTo) throw errors.serverBusy(MOVE_RETRY_AFTER_SECONDS);
  return { ...ctx, db: shards.router.view(entry.shard) };
}

/**
 * The context for work on a group named by something other than the request's scope — a link's
 * signed token, an image's address: its shard's on a sharded deployment (a write refused while the
 * group moves, an unknown group answered groupDoesNotExist), the context itself on one database.
 */
export async function contextOfGroup(ctx: AppContext, groupId: number, writes: boolean): Promise<AppContext> {
  return ctx.shards ? groupShardContext(ctx, groupId, writes) : ctx;
}

/** The database to read a group found by url name on: its shard's view, or the only database. */
export async function dbForUrlname(ctx: AppContext, urlname: string): Promise<Kysely<Database>> {
  if (!ctx.shards) return ctx.db;
  const entry = await ctx.shards.directory.entryByUrlname(urlname);
  return entry ? ctx.shards.router.view(entry.shard) : ctx.db;
}

/** Every shard's view, the directory's first: for reads that must look at all groups. */
export function everyShard(ctx: AppContext): Kysely<Database>[] {
  if (!ctx.shards) return [ctx.db];
  const { router } = ctx.shards;
  return [router.directory, ...router.names.filter((name) => name !== router.directory)].map((name) =>
    router.view(name),
  );
}

/**
 * One context per shard, the directory's first: background work that reads a shard's own tables
 * (the mail outbox, jobs) runs once per shard, each on its view. One database: the context itself.
 */
export function shardContexts(ctx: AppContext): AppContext[] {
  return everyShard(ctx).map((db) => (db === ctx.db ? ctx : { ...ctx, db }));
}
