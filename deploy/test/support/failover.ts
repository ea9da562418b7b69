/**
 * A database failover under a stream of bookings, as both database-loss tests run it: bookings
 * before; the primary taken away (`kill`: its PostgreSQL alone, or its whole node); Patroni
 * promotes the synchronous standby; bookings after. Then what the clients were told is compared
 * with what the new primary holds, and the failed requests are retried as a client would.
 */
import { expect } from 'vitest';
import {
  answered,
  auditBookings,
  type BookingAttempt,
  type BookingAudit,
  type BookingStream,
  retryUnanswered,
  type SeededGroup,
  seedGroup,
  startBookingStream,
  statusCounts,
} from './bookings.ts';
import { currentLeader, type HaEnvironment, sleep, waitFor, waitForHealthyDatabase } from './cluster.ts';

export const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Waits until `count` bookings were answered 201, counting only those sent after `since`. */
export async function waitForBooked(stream: BookingStream, count: number, since = 0, timeoutMs = 60_000) {
  await waitFor(`${count} bookings answered 201`, timeoutMs, async () =>
    stream.attempts.filter((a) => a.status === 201 && a.sentAt > since).length >= count ? true : undefined,
  );
}

export interface FailoverRun {
  group: SeededGroup;
  /** The primary that was killed and the synchronous standby at that moment. */
  leader: string;
  standby: string;
  newLeader: string;
  /** Kill → Patroni names the new leader. */
  promotedAfterMs: number;
  /** Kill → the first booking (sent after the kill) answered 201 through HAProxy. */
  outageMs: number;
  attempts: BookingAttempt[];
  audit: BookingAudit;
}

export async function failoverUnderBookings(
  ha: HaEnvironment,
  options: {
    /** How the event is named in the printed figures, e.g. "PostgreSQL failover". */
    label: string;
    tag: string;
    /** Takes the primary `leader` away; `killedAt` is read just before it is called. */
    kill: (leader: string) => void;
    promotionTimeoutMs: number;
  },
): Promise<FailoverRun> {
  const { leader, standby } = await waitForHealthyDatabase(ha);
  const group = await seedGroup(ha, `ha-${options.tag}`);
  const stream = startBookingStream(ha, group, { ticksPerSecond: 8, tag: options.tag });

  await waitForBooked(stream, 20, 0, 30_000);
  const killedAt = performance.now();
  options.kill(leader);

  const newLeader = await waitFor('Patroni to promote the standby', options.promotionTimeoutMs, async () => {
    const now = await currentLeader(ha);
    return now && now !== leader ? now : undefined;
  });
  const promotedAfterMs = performance.now() - killedAt;
  await waitForBooked(stream, 20, killedAt);
  await sleep(1000);
  const attempts = await stream.stop();

  const firstAfter = attempts.find((a) => a.status === 201 && a.sentAt > killedAt)!;
  const lastBefore = attempts.filter((a) => a.status === 201 && a.doneAt < killedAt).at(-1)!;
  const outageMs = firstAfter.doneAt - killedAt;
  const audit = await auditBookings(ha, group, attempts);
  console.log(
    `${options.label}: ${leader} killed, ${newLeader} promoted after ${seconds(promotedAfterMs)} s; ` +
      `write outage ${seconds(outageMs)} s (kill → first booking answered 201; ` +
      `${seconds(firstAfter.doneAt - lastBefore.doneAt)} s between the last 201 before and the first after); ` +
      `answers ${JSON.stringify(statusCounts(attempts))}, ${audit.committedUnacknowledged} committed without a 201`,
  );
  return { group, leader, standby, newLeader, promotedAfterMs, outageMs, attempts, audit };
}

/** Every booking answered 201 is held exactly once, as booked; no slot has two. */
export function expectNothingLostOrDoubled(audit: BookingAudit) {
  expect(audit.lostOrDuplicated).toEqual([]);
  expect(audit.overlaps).toBe(0);
  expect(audit.slotsWonTwice).toEqual([]);
}

/**
 * A client retrying its failed bookings with their Idempotency-Key gets a final answer for each:
 * every slot then has exactly one winner, held exactly once, and nothing is booked unknown to its
 * client.
 */
export async function expectRetriesSettleEverything(
  ha: HaEnvironment,
  group: SeededGroup,
  attempts: BookingAttempt[],
) {
  const settled = await retryUnanswered(ha, group, attempts);
  const afterRetries = await auditBookings(ha, group, settled);
  console.log(
    `after retrying the ${attempts.length - attempts.filter(answered).length} failed requests with their ` +
      `Idempotency-Key: answers ${JSON.stringify(statusCounts(settled))}`,
  );
  expect(settled.filter((a) => !answered(a))).toEqual([]);
  expectNothingLostOrDoubled(afterRetries);
  expect(afterRetries.committedUnacknowledged).toBe(0);
  expect(afterRetries.acknowledged).toBe(new Set(settled.map((a) => a.slot)).size);
}
