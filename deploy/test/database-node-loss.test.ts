/**
 * The primary's whole database node lost under a stream of bookings, as when its machine dies:
 * its Patroni agent AND its PostgreSQL get SIGKILL together. Nobody is left to hand the leader key
 * over, so the standby waits for the key to expire (ttl, 20 s) before Patroni promotes it; every
 * booking answered 201 must be on the new primary exactly once. The write outage is printed.
 */
import { afterAll, expect, inject, test } from 'vitest';
import {
  haLocal,
  haLocalEnv,
  patroniMembers,
  postmasterPid,
  recordedPid,
  waitForExit,
  waitForHealthyDatabase,
} from './support/cluster.ts';
import {
  expectNothingLostOrDoubled,
  expectRetriesSettleEverything,
  failoverUnderBookings,
} from './support/failover.ts';

const ha = inject('ha');
/** The node whose "machine" was turned off, until it is started again. */
let nodeDown: string | undefined;

afterAll(async () => {
  // Whatever failed, give the tests that follow their second database node back.
  if (nodeDown) await haLocal(['start-db', nodeDown], haLocalEnv(ha));
});

test('a lost database node (Patroni and PostgreSQL killed): the standby takes over once the leader key expires', async () => {
  const run = await failoverUnderBookings(ha, {
    label: 'Database node lost (Patroni + PostgreSQL)',
    tag: 'nodeloss',
    kill: (leader) => {
      // Both pids are read first, so that the two signals leave back to back.
      const agent = recordedPid(ha, leader);
      const postmaster = postmasterPid(ha, leader);
      nodeDown = leader;
      process.kill(agent, 'SIGKILL');
      process.kill(postmaster, 'SIGKILL');
    },
    // The leader key lives ttl = 20 s after the last renewal; then one loop_wait, then promotion.
    promotionTimeoutMs: 45_000,
  });

  expect(run.newLeader).toBe(run.standby);
  expectNothingLostOrDoubled(run.audit);
  expect(run.audit.acknowledged).toBeGreaterThanOrEqual(40);
  expect(run.outageMs).toBeLessThan(40_000);
  await expectRetriesSettleEverything(ha, run.group, run.attempts);

  // The "machine" comes back: its Patroni, started again, rejoins as the synchronous standby.
  await waitForExit(recordedPid(ha, run.leader));
  await haLocal(['start-db', run.leader], haLocalEnv(ha));
  nodeDown = undefined;
  const rejoined = await waitForHealthyDatabase(ha);
  expect(rejoined).toEqual({ leader: run.newLeader, standby: run.leader });
  const timelines = new Set((await patroniMembers(ha)).map((m) => m.timeline));
  expect(timelines.size).toBe(1);
});
