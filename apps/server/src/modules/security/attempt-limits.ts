/**
 * Fixed-window attempt counters kept in the database (login_throttle), so every server process sees
 * the same counts: failed logins, and every call that sends a mail or creates an appointment — per
 * client address, per person and per address the mail goes to (docs/api.md "Rate limits").
 * Keys are '<kind>:<subject>'; housekeeping drops counters a day old, so no window is longer.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { fixedShape, type Placeholders } from '../../db/fixed-shape.ts';
import { writeSoon } from '../../db/write-batch.ts';
import { errors } from '../../errors/domain-error.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AttemptLimit {
  /** e.g. 'login-ip', 'register-ip', 'reset-ip' */
  kind: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The numbers behind docs/api.md "Rate limits" (why they have this shape:
 * docs/decisions/017-fair-rate-limits.md). The public is counted per person — per client address
 * and person, tight, and per person wherever they call from — and per client address with a high
 * ceiling that only a flood reaches, since hundreds of honest people may share one address.
 * Professionals (a call centre behind one address) are counted per account instead.
 */
export const LIMITS = {
  /** Failed logins for one e-mail from one client address. */
  loginPerAddressAndEmail: { kind: 'login-ip-email', max: 10, windowMs: 10 * MINUTE },
  /** Failed logins from one client address, whatever the e-mail: the flood ceiling. */
  loginPerAddress: { kind: 'login-ip', max: 100, windowMs: 10 * MINUTE },
  /** Registrations from one client address (the recipient limit bounds each e-mail). */
  registerPerAddress: { kind: 'register-ip', max: 100, windowMs: 10 * MINUTE },
  /**
   * Business sign-ups from one client address: each creates a group, and no crowd shares an address
   * to start businesses, so this stays tight.
   */
  signupPerAddress: { kind: 'signup-ip', max: 10, windowMs: 10 * MINUTE },
  /** Reset requests from one client address (the recipient limit bounds each e-mail). */
  resetPerAddress: { kind: 'reset-ip', max: 100, windowMs: 10 * MINUTE },
  emailChangePerAccount: { kind: 'email-change', max: 5, windowMs: HOUR },
  /** Account mails (activation, reset, e-mail change) to one address, whoever asks. */
  accountMailsPerRecipient: { kind: 'account-mail-to', max: 5, windowMs: HOUR },
  /** Bookings and changes by the public for one person from one client address. */
  bookingsPerAddressAndPerson: { kind: 'booking-ip-person', max: 6, windowMs: HOUR },
  /** Bookings and changes by the public for one person, from any client address. */
  bookingsPerPerson: { kind: 'booking-person', max: 12, windowMs: HOUR },
  /** Bookings and changes by the public from one client address, whoever for: the flood ceiling. */
  bookingsPerAddress: { kind: 'booking-ip', max: 600, windowMs: HOUR },
  /** Booking confirmations and change notices to one address, for bookings made by the public. */
  bookingMailsPerRecipient: { kind: 'booking-mail-to', max: 8, windowMs: HOUR },
  /** Bookings and changes by one professional account of the group, wherever it calls from. */
  proBookingsPerAccount: { kind: 'pro-booking', max: 600, windowMs: HOUR },
  /** Booking mails to one address for bookings a professional made. */
  proBookingMailsPerRecipient: { kind: 'pro-booking-mail-to', max: 60, windowMs: HOUR },
  /** Joins of the waiting list and confirmations of its offers for one e-mail from one client address (docs/waitlist.md). */
  waitlistPerAddressAndEmail: { kind: 'waitlist-ip-email', max: 10, windowMs: HOUR },
  /** Joins and confirmations from one client address, whoever for: the flood ceiling. */
  waitlistPerAddress: { kind: 'waitlist-ip', max: 600, windowMs: HOUR },
} satisfies Record<string, AttemptLimit>;

const keyOf = (limit: AttemptLimit, subject: string) => `${limit.kind}:${subject}`;

/**
 * The subject for a client address. An IPv6 client usually holds a whole /64, so one counter covers
 * the /64; an IPv4 address (also written IPv4-mapped) counts on its own.
 */
export function clientSubject(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = address.includes('::')
    ? [...headParts, ...Array(Math.max(missing, 0)).fill('0'), ...tailParts]
    : headParts;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The subject for one person (or e-mail) calling from one client address. */
export function clientPersonSubject(address: string, person: string): string {
  return `${clientSubject(address)}|${person}`;
}

/** One try of a subject (an address, an account, a recipient) under a limit, at an instant. */
export interface Attempt {
  limit: AttemptLimit;
  subject: string;
  now: Date;
}

/** 0 when the subject may try now, else the seconds until its window ends (for Retry-After). */
export async function secondsUntilAllowed(db: Db, { limit, subject, now }: Attempt): Promise<number> {
  const row = await db
    .selectFrom('login_throttle')
    .select(['failures', 'window_started_at'])
    .where('key', '=', keyOf(limit, subject))
    .executeTakeFirst();
  if (!row || row.failures < limit.max) return 0;
  return secondsLeft(limit, new Date(row.window_started_at), now);
}

function secondsLeft(limit: AttemptLimit, windowStartedAt: Date, now: Date): number {
  const left = windowStartedAt.getTime() + limit.windowMs - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** Counts one attempt atomically (a new window starts when the old one has passed). */
async function count(db: Db, attempt: Attempt) {
  const row = await countingUpsert(db, attempt).executeTakeFirstOrThrow();
  return { count: row.failures, windowStartedAt: new Date(row.window_started_at) };
}

/** The upsert that counts one attempt, answering the window's count and start. */
function countingUpsert(db: Db, { limit, subject, now }: Attempt) {
  return upsertCounting(db, countedValues({ limit, subject, now }));
}

/** What the counting upsert writes for an attempt: its counter's key, now, and the window's start. */
function countedValues({ limit, subject, now }: Attempt) {
  return { key: keyOf(limit, subject), now, windowStart: new Date(now.getTime() - limit.windowMs) };
}

function upsertCounting(db: Db, { key, now, windowStart }: Placeholders<ReturnType<typeof countedValues>>) {
  return db
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when login_throttle.window_started_at <= ${windowStart} then 1 else login_throttle.failures + 1 end`,
        window_started_at: sql`case when login_throttle.window_started_at <= ${windowStart} then ${now} else login_throttle.window_started_at end`,
      }),
    )
    .returning(['failures', 'window_started_at']);
}

/**
 * The counting upsert answering whether the attempt is over its limit (`refused`), built once
 * (db/fixed-shape.ts): every booking's mail counts one on its recipient.
 */
const countingUpsertRefusing = fixedShape(
  (db, values: Placeholders<ReturnType<typeof countedValues> & { max: number }>) =>
    upsertCounting(db, values).returning(sql<boolean>`login_throttle.failures > ${values.max}`.as('refused')),
);

/** Counts one attempt; returns the count in the current window. */
export async function recordAttempt(db: Db, attempt: Attempt): Promise<number> {
  return (await count(db, attempt)).count;
}

/**
 * Uses one attempt of the subject, or refuses with 429 when the window's attempts are used up.
 * Inside a transaction the count is undone with it: a refused or failed call uses nothing.
 */
export async function takeAttempt(db: Db, attempt: Attempt): Promise<void> {
  const { limit, now } = attempt;
  const used = await count(db, attempt);
  if (used.count > limit.max) throw errors.tooManyRequests(secondsLeft(limit, used.windowStartedAt, now));
}

/**
 * takeAttempt inside a transaction, in its write batch when it has one (db/write-batch.ts): the
 * count goes to PostgreSQL with the transaction's last writes, and a refusal then rolls it all back.
 * For a limit the transaction's outcome depends on anyway (a booking's mail), never for a guard
 * that must refuse before any work is done.
 */
export async function takeAttemptSoon(db: Db, attempt: Attempt): Promise<void> {
  const { limit, now } = attempt;
  // The rule — over the limit once counted — is SQL, so that PostgreSQL can refuse the row itself
  // when the transaction's COMMIT travels with the batch (db/write-batch.ts WriteRefusal).
  await writeSoon(db, countingUpsertRefusing.bound(db, { ...countedValues(attempt), max: limit.max }), {
    column: 'refused',
    error: (row) =>
      errors.tooManyRequests(secondsLeft(limit, new Date(row.window_started_at as string | Date), now)),
  });
}

/**
 * Uses one attempt under each limit in turn, like takeAttempt for each, stopping at the first
 * refusal (the counters after it are left alone) — in one statement instead of one per counter,
 * which a booking pays on every call: each counter's upsert runs only when the one before it is
 * still within its limit.
 */
export async function takeAttemptsInTurn(db: Db, attempts: readonly Attempt[]): Promise<void> {
  if (attempts.length <= 1) {
    if (attempts[0]) await takeAttempt(db, attempts[0]);
    return;
  }
  const counter = (i: number) => sql.id(`counter_${i}`);
  const upserts = attempts.map(({ limit, subject, now }, i) => {
    const windowStart = new Date(now.getTime() - limit.windowMs);
    const previous = attempts[i - 1];
    const guard = previous
      ? sql`where (select failures from ${counter(i - 1)}) <= ${previous.limit.max}`
      : sql``;
    return sql`${counter(i)} as (
      insert into login_throttle (key, failures, window_started_at)
      select ${keyOf(limit, subject)}::text, 1, ${now}::timestamptz ${guard}
      on conflict (key) do update set
        failures = case when login_throttle.window_started_at <= ${windowStart}::timestamptz then 1
          else login_throttle.failures + 1 end,
        window_started_at = case when login_throttle.window_started_at <= ${windowStart}::timestamptz
          then ${now}::timestamptz else login_throttle.window_started_at end
      returning failures, window_started_at)`;
  });
  // Outside a transaction the counters commit on their own, and need not wait for the WAL flush:
  // a crash may forget the last fraction of a second of counts, which a limit can spare. Waiting
  // would hold the counter's row — one per client address, which everyone behind a town hall's
  // Wi-Fi shares — through every flush, one booking after another (docs/api.md "Rate limits").
  // Inside a transaction the setting would cover the caller's own writes too, so it stays.
  const withoutFlushWait = db.isTransaction
    ? sql``
    : sql` cross join (select set_config('synchronous_commit', 'off', true)) as commit_without_flush_wait`;
  const counts = attempts.map(
    (_, i) =>
      sql`select ${i}::int as turn, failures, window_started_at from ${counter(i)}${i === 0 ? withoutFlushWait : sql``}`,
  );
  const { rows } = await sql<{ turn: number; failures: number; window_started_at: Date | string }>`
    with ${sql.join(upserts)} ${sql.join(counts, sql` union all `)}`.execute(db);
  const byTurn = new Map(rows.map((row) => [row.turn, row]));
  for (const [i, { limit, now }] of attempts.entries()) {
    const used = byTurn.get(i);
    if (!used) return; // not counted: an earlier counter refused (and threw) — never reached
    if (used.failures > limit.max)
      throw errors.tooManyRequests(secondsLeft(limit, new Date(used.window_started_at), now));
  }
}
