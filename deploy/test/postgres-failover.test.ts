/**
 * The PostgreSQL primary killed with SIGKILL under a stream of bookings: Patroni promotes the
 * synchronous standby, HAProxy sends PgBouncer's new connections there, and no booking that was
 * answered 201 is lost or doubled. The write outage is measured and printed.
 */
import { expect, inject, test } from 'vitest';
import {
  answered,
  auditBookings,
  retryUnanswered,
  seedGroup,
  startBookingStream,
  statusCounts,
} from './support/bookings.ts';
import {
  currentLeader,
  patroniMembers,
  postmasterPid,
  sleep,
  waitFor,
  waitForHealthyDatabase,
} from './support/cluster.ts';

const ha = inject('ha');
const seconds = (ms: number) => Math.round(ms / 100) / 10;

test('a SIGKILLed primary: the synchronous standby takes over and keeps every acknowledged booking', async () => {
  const { leader, standby } = await waitForHealthyDatabase(ha);
  const group = await seedGroup(ha, 'ha-postgres-failover');
  const stream = startBookingStream(ha, group, { ticksPerSecond: 8, tag: 'pgkill' });

  await waitFor('bookings before the kill', 30_000, async () =>
    stream.attempts.filter((a) => a.status === 201).length >= 20 ? true : undefined,
  );
  const killedAt = performance.now();
  process.kill(postmasterPid(ha, leader), 'SIGKILL');

  const newLeader = await waitFor('Patroni to promote the standby', 60_000, async () => {
    const now = await currentLeader(ha);
    return now && now !== leader ? now : undefined;
  });
  const promotedAfter = performance.now() - killedAt;
  await waitFor('bookings after the failover', 60_000, async () =>
    stream.attempts.filter((a) => a.status === 201 && a.sentAt > killedAt).length >= 20 ? true : undefined,
  );
  await sleep(1000);
  const attempts = await stream.stop();

  const firstAfter = attempts.find((a) => a.status === 201 && a.sentAt > killedAt)!;
  const lastBefore = attempts.filter((a) => a.status === 201 && a.doneAt < killedAt).at(-1)!;
  const outage = firstAfter.doneAt - killedAt;
  const audit = await auditBookings(ha, group, attempts);
  console.log(
    `PostgreSQL failover: ${leader} killed, ${newLeader} promoted after ${seconds(promotedAfter)} s; ` +
      `write outage ${seconds(outage)} s (kill → first booking answered 201; ` +
      `${seconds(firstAfter.doneAt - lastBefore.doneAt)} s between the last 201 before and the first after); ` +
      `answers ${JSON.stringify(statusCounts(attempts))}, ${audit.committedUnacknowledged} committed without a 201`,
  );

  expect(newLeader).toBe(standby);
  expect(audit.lostOrDuplicated).toEqual([]);
  expect(audit.overlaps).toBe(0);
  expect(audit.slotsWonTwice).toEqual([]);
  expect(audit.acknowledged).toBeGreaterThanOrEqual(40);
  expect(outage).toBeLessThan(30_000);

  // A client retrying its failed bookings with their Idempotency-Key gets a final answer for each:
  // every slot then has exactly one winner, held exactly once.
  const settled = await retryUnanswered(ha, group, attempts);
  const afterRetries = await auditBookings(ha, group, settled);
  console.log(
    `after retrying the ${attempts.length - attempts.filter(answered).length} failed requests with their ` +
      `Idempotency-Key: answers ${JSON.stringify(statusCounts(settled))}`,
  );
  expect(settled.filter((a) => !answered(a))).toEqual([]);
  expect(afterRetries.lostOrDuplicated).toEqual([]);
  expect(afterRetries.overlaps).toBe(0);
  expect(afterRetries.committedUnacknowledged).toBe(0);
  const slots = new Set(settled.map((a) => a.slot));
  expect(afterRetries.acknowledged).toBe(slots.size);
  expect(afterRetries.slotsWonTwice).toEqual([]);

  // The killed node comes back by itself (pg_rewind if needed) as the new synchronous standby.
  const rejoined = await waitForHealthyDatabase(ha);
  expect(rejoined).toEqual({ leader: newLeader, standby: leader });
  const timelines = new Set((await patroniMembers(ha)).map((m) => m.timeline));
  expect(timelines.size).toBe(1);
});
