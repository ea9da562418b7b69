import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config.ts';
import type { Database, GroupRow } from './db/database.ts';
import type { Listen } from './db/notifications.ts';
import type { Viewer } from './modules/sessions/viewer.ts';
import type { ShardRouter } from './sharding/routing-dialect.ts';
import type { ShardDirectory } from './sharding/shard-directory.ts';

/** A deployment over several PostgreSQL clusters (docs/operations.md "Sharding"). */
export interface Sharding {
  router: ShardRouter;
  directory: ShardDirectory;
}

/**
 * Who is behind a request, asked once per request by the HTTP edge. The sessions module provides it
 * (modules/sessions/viewer-resolver.ts); its type lives here, with the context that carries it, so
 * that the context need not import the module that fills it.
 */
export type ViewerResolver = (request: FastifyRequest) => Promise<Viewer>;

/** What every module needs from the running server; tests build it with their own clock. */
export interface AppContext {
  db: Kysely<Database>;
  dbKind: 'postgres' | 'pglite';
  config: ServerConfig;
  /** The current instant; injectable so tests can move time (lockouts, expiries, notice rules). */
  now: () => Date;
  /** LISTEN to a database channel (the live agenda); NOTIFY comes from triggers. */
  listen: Listen;
  /** Who is calling (anonymous until the sessions module says otherwise). */
  resolveViewer: ViewerResolver;
  /**
   * Set on a sharded deployment only. `db` is then the directory shard's view: a request about a
   * group gets its shard's view instead (http/request-scope.ts).
   */
  shards?: Sharding;
}

/**
 * What a service needs to serve one request about one group, resolved once by the HTTP edge
 * (http/request-scope.ts): the context — whose clock reads the same instant for the whole request —,
 * that instant, the caller and the group.
 */
export interface Scope extends ViewerScope {
  group: GroupRow;
}

/** The same for a call about no one group: the caller's own account, sessions and groups. */
export interface ViewerScope extends CallScope {
  viewer: Viewer;
}

/**
 * The same for a call made before anyone is known — logging in, single sign-on —: the context and
 * the request's instant only.
 */
export interface CallScope {
  ctx: AppContext;
  now: Date;
}
