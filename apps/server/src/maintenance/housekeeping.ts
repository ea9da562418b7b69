/**
 * Deletes what has served its purpose, so these tables stay small: idempotency keys after a week
 * (retries come within minutes), e-mail link tokens and sessions a day after they died, and attempt
 * counters whose window is long over. The outbox has its own clean-up in the mail worker.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/database.ts';
import { SESSION_LIFETIME_MS } from '../modules/sessions/sessions.service.ts';
import { everyShard } from '../sharding/group-shard-context.ts';

const DAY_MS = 86_400_000;
export const IDEMPOTENCY_KEY_LIFETIME_MS = 7 * DAY_MS;

/**
 * One round. The global tables (links, sessions, counters) are cleaned on `db`; the group tables
 * (idempotency keys) on each of `shards` — every shard's view on a sharded deployment
 * (docs/operations.md "Sharding"), the one database otherwise.
 */
export async function runHousekeeping(
  db: Kysely<Database>,
  now: Date,
  shards: readonly Kysely<Database>[] = [db],
) {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  let idempotencyKeys = 0;
  for (const shard of shards) {
    idempotencyKeys += count(
      await shard
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', before(IDEMPOTENCY_KEY_LIFETIME_MS))
        .executeTakeFirst(),
    );
  }
  const emailTokens = count(
    await db
      .deleteFrom('email_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', before(DAY_MS)), eb('used_at', '<', before(DAY_MS))]))
      .executeTakeFirst(),
  );
  const sessions = count(
    await db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('last_signed_at', '<', before(SESSION_LIFETIME_MS + DAY_MS)),
          eb('revoked_at', '<', before(DAY_MS)),
        ]),
      )
      .executeTakeFirst(),
  );
  const attemptCounters = count(
    await db
      .deleteFrom('login_throttle')
      .where('window_started_at', '<', before(DAY_MS))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst(),
  );
  return { idempotencyKeys, emailTokens, sessions, attemptCounters };
}

/**
 * Runs the housekeeping now and then every interval. stop() ends it, waiting for a round under way
 * so a shutdown does not close the database beneath it.
 */
export function startHousekeeping(
  ctx: AppContext,
  options: {
    intervalMs?: number;
    log?: (message: string) => void;
    /** Told when a round ends, and whether it ended without error (the metrics' job lag). */
    onRound?: (ok: boolean) => void;
  } = {},
) {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = runHousekeeping(ctx.db, ctx.now(), everyShard(ctx)).then(
      (removed) => {
        options.log?.(`housekeeping: ${JSON.stringify(removed)}`);
        options.onRound?.(true);
      },
      (error: unknown) => {
        options.log?.(`housekeeping failed: ${(error as Error).message}`);
        options.onRound?.(false);
      },
    );
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
