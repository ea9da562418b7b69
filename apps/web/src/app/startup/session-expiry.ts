/**
 * When a session ends by itself (docs/requirements/accounts-and-appointments.md §4, §9): two hours (7,200,000 ms) after lastSignedAt.
 * A pure decision: wait until then — or, when the device's clock looks wrong (the sign-in lies in
 * its future, or the server calls the session valid although the clock says it is over), ask the
 * server regularly instead of trusting the clock, so a wrong clock neither ends sessions early nor
 * keeps dead ones.
 */

/** docs/requirements/accounts-and-appointments.md §9: session lifetime. */
export const SESSION_LIFETIME_MS = 7_200_000;
/** Tolerated difference between the device's clock and the server's. */
export const CLOCK_TOLERANCE_MS = 5 * 60_000;
/** How often the server is asked when the clock cannot be trusted. */
export const SERVER_CHECK_MS = 60_000;

export type ExpiryPlan = { kind: 'timer'; delay: number } | { kind: 'askServer'; every: number };

/** How to notice the end of a session signed in at `lastSignedAt`, seen at `now`. */
export function expiryPlan(lastSignedAt: string | null, now: number): ExpiryPlan {
  const signed = lastSignedAt ? Date.parse(lastSignedAt) : Number.NaN;
  if (Number.isNaN(signed)) return { kind: 'askServer', every: SERVER_CHECK_MS };
  const age = now - signed;
  if (age < -CLOCK_TOLERANCE_MS || age > SESSION_LIFETIME_MS + CLOCK_TOLERANCE_MS) {
    return { kind: 'askServer', every: SERVER_CHECK_MS };
  }
  // A clock a little behind the server's counts the session as just signed, not as younger.
  return { kind: 'timer', delay: Math.max(0, SESSION_LIFETIME_MS - Math.max(0, age)) };
}
