import type { Kysely } from 'kysely';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { ViewerResolver } from './modules/sessions/viewer-resolver.ts';

/** What every module needs from the running server; tests build it with their own clock. */
export interface AppContext {
  db: Kysely<Database>;
  dbKind: 'postgres' | 'pglite';
  config: ServerConfig;
  /** The current instant; injectable so tests can move time (lockouts, expiries, notice rules). */
  now: () => Date;
  /** Who is calling (anonymous until the sessions module says otherwise). */
  resolveViewer: ViewerResolver;
}
