/**
 * Readiness: this process can serve — its database answers and holds every migration this code
 * knows (a newer release may have added more: that is fine, see docs/operations.md "Migrations").
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { appliedMigrationNames, migrationNames } from '../db/migrate.ts';

export type Readiness =
  | { ready: true; database: 'ok'; migrations: 'applied' }
  | { ready: false; database: 'unreachable'; error: string }
  | { ready: false; database: 'ok'; migrations: 'pending'; pending: string[] };

/** A database that has not answered within this is as good as down for a health check. */
const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function checkReadiness(db: Kysely<Database>, timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  let applied: Set<string>;
  try {
    applied = await withTimeout(appliedMigrationNames(db), timeoutMs);
  } catch (error) {
    return { ready: false, database: 'unreachable', error: (error as Error).message };
  }
  const pending = migrationNames.filter((name) => !applied.has(name));
  if (pending.length > 0) return { ready: false, database: 'ok', migrations: 'pending', pending };
  return { ready: true, database: 'ok', migrations: 'applied' };
}
