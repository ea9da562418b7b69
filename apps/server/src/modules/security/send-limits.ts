/**
 * Who may make the server send mail or book, and how often (docs/api.md "Rate limits"): the policy
 * on top of the attempt counters. The public is counted per person — from one client address, and
 * from any — under a high ceiling per client address, and per recipient
 * (docs/decisions/017-fair-rate-limits.md); a professional of the group — a call centre shares one
 * address — per account, with higher limits.
 */
import { normalizeEmail } from '@creneau/core/validation/email';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext, Scope } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import type { Viewer } from '../sessions/viewer.ts';
import {
  type AttemptLimit,
  clientPersonSubject,
  clientSubject,
  LIMITS,
  takeAttempt,
  takeAttemptSoon,
  takeAttemptsInTurn,
} from './attempt-limits.ts';
import { UNNAMED_BOOKER } from './booker.ts';

type Db = Kysely<Database> | Transaction<Database>;

const isProOf = (viewer: Viewer, groupId: number) =>
  viewer.type === 'pro' && viewer.accountId !== null && viewer.proGroupIds.includes(groupId);

/** A limit with its maximum multiplied by the deployment's RATE_LIMIT_SCALE. */
function scaled(ctx: AppContext, limit: AttemptLimit): AttemptLimit {
  return { ...limit, max: limit.max * ctx.config.rateLimitScale };
}

/**
 * Uses one attempt under each limit in turn, tightest first. A refusal stops there: a person refused
 * by their own counter does not use up the address's ceiling, which the others behind it share.
 */
async function takeInTurn(
  ctx: AppContext,
  now: Date,
  counters: ReadonlyArray<readonly [AttemptLimit, string]>,
): Promise<void> {
  await takeAttemptsInTurn(
    ctx.db,
    counters.map(([limit, subject]) => ({ limit: scaled(ctx, limit), subject, now })),
  );
}

/**
 * One booking or change of a booking by this caller for `booker` (booker.ts); 429 when a window is
 * used up. Counted before any work and whatever the outcome, so failed attempts cannot be repeated
 * cheaply either.
 */
export async function takeBookingAttempt(
  { ctx, viewer, group, now }: Pick<Scope, 'ctx' | 'viewer' | 'group' | 'now'>,
  address: string,
  booker: string,
): Promise<void> {
  if (isProOf(viewer, group.id)) {
    await takeAttempt(ctx.db, {
      limit: scaled(ctx, LIMITS.proBookingsPerAccount),
      subject: String(viewer.accountId),
      now,
    });
    return;
  }
  await takeInTurn(ctx, now, [
    [LIMITS.bookingsPerAddressAndPerson, clientPersonSubject(address, booker)],
    // Bookings naming nobody are told apart only by their address.
    ...(booker === UNNAMED_BOOKER ? [] : [[LIMITS.bookingsPerPerson, booker] as const]),
    [LIMITS.bookingsPerAddress, clientSubject(address)],
  ]);
}

/**
 * One booking mail (confirmation or change notice) to `recipient`, sent because of the scope's
 * viewer. Called inside the booking's transaction: a refusal undoes the booking, and a booking that
 * fails later does not use the mail.
 */
export async function takeBookingMail(
  { ctx, viewer, group, now }: Pick<Scope, 'ctx' | 'viewer' | 'group' | 'now'>,
  db: Db,
  recipient: string,
): Promise<void> {
  const limit = isProOf(viewer, group.id)
    ? LIMITS.proBookingMailsPerRecipient
    : LIMITS.bookingMailsPerRecipient;
  // With the booking's last writes (db/write-batch.ts): over the limit, the whole booking rolls back.
  await takeAttemptSoon(db, { limit: scaled(ctx, limit), subject: normalizeEmail(recipient), now });
}

/** One account mail (activation, reset, e-mail change) to `recipient`, known account or not. */
export async function takeAccountMail(ctx: AppContext, recipient: string): Promise<void> {
  await takeAttempt(ctx.db, {
    limit: scaled(ctx, LIMITS.accountMailsPerRecipient),
    subject: normalizeEmail(recipient),
    now: ctx.now(),
  });
}

/**
 * One registration, reset request or business sign-up from this client address. For the first two
 * a ceiling only: the mail's recipient limit (takeAccountMail), counted whoever asks, already bounds
 * each e-mail more tightly.
 */
export async function takeAddressAttempt(
  ctx: AppContext,
  limit: typeof LIMITS.registerPerAddress | typeof LIMITS.resetPerAddress | typeof LIMITS.signupPerAddress,
  address: string,
): Promise<void> {
  await takeAttempt(ctx.db, { limit: scaled(ctx, limit), subject: clientSubject(address), now: ctx.now() });
}

/**
 * One join of the waiting list or confirmation of one of its offers for `email` from this client
 * address (docs/waitlist.md).
 */
export async function takeWaitlistAttempt(
  ctx: AppContext,
  { address, email }: { address: string; email: string },
  now: Date,
): Promise<void> {
  await takeInTurn(ctx, now, [
    [LIMITS.waitlistPerAddressAndEmail, clientPersonSubject(address, normalizeEmail(email))],
    [LIMITS.waitlistPerAddress, clientSubject(address)],
  ]);
}
