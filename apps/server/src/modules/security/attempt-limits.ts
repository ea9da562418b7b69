/**
 * Fixed-window attempt counters kept in the database (login_throttle), so every replica sees the
 * same counts: failed logins per client address, registrations and reset requests per address.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface AttemptLimit {
  /** e.g. 'login-ip', 'register-ip', 'reset-ip' */
  kind: string;
  max: number;
  windowMs: number;
}

export const LIMITS = {
  loginPerAddress: { kind: 'login-ip', max: 30, windowMs: 10 * 60_000 },
  registerPerAddress: { kind: 'register-ip', max: 10, windowMs: 10 * 60_000 },
  resetPerAddress: { kind: 'reset-ip', max: 10, windowMs: 10 * 60_000 },
  emailChangePerAccount: { kind: 'email-change', max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, AttemptLimit>;

const keyOf = (limit: AttemptLimit, subject: string) => `${limit.kind}:${subject}`;

/** True when the subject has used up its attempts in the current window. */
export async function isLimited(
  db: Kysely<Database>,
  limit: AttemptLimit,
  subject: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('login_throttle')
    .select(['failures', 'window_started_at'])
    .where('key', '=', keyOf(limit, subject))
    .executeTakeFirst();
  if (!row) return false;
  const windowOpen = now.getTime() - new Date(row.window_started_at).getTime() < limit.windowMs;
  return windowOpen && row.failures >= limit.max;
}

/** Counts one attempt atomically (a new window starts when the old one has passed); returns the count. */
export async function recordAttempt(
  db: Kysely<Database>,
  limit: AttemptLimit,
  subject: string,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const row = await db
    .insertInto('login_throttle')
    .values({ key: keyOf(limit, subject), failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when login_throttle.window_started_at < ${windowStart} then 1 else login_throttle.failures + 1 end`,
        window_started_at: sql`case when login_throttle.window_started_at < ${windowStart} then ${now} else login_throttle.window_started_at end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}
