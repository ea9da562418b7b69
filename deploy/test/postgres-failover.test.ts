/**
 * The PostgreSQL primary killed with SIGKILL under a stream of bookings (its Patroni lives on):
 * Patroni promotes the synchronous standby, HAProxy sends PgBouncer's new connections there, and no
 * booking that was answered 201 is lost or doubled. The write outage is measured and printed.
 */
import { expect, inject, test } from 'vitest';
import { patroniMembers, postmasterPid, waitForHealthyDatabase } from './support/cluster.ts';
import {
  expectNothingLostOrDoubled,
  expectRetriesSettleEverything,
  failoverUnderBookings,
} from './support/failover.ts';

const ha = inject('ha');

test('a SIGKILLed primary: the synchronous standby takes over and keeps every acknowledged booking', async () => {
  const run = await failoverUnderBookings(ha, {
    label: 'PostgreSQL failover',
    tag: 'pgkill',
    kill: (leader) => process.kill(postmasterPid(ha, leader), 'SIGKILL'),
    promotionTimeoutMs: 60_000,
  });

  expect(run.newLeader).toBe(run.standby);
  expectNothingLostOrDoubled(run.audit);
  expect(run.audit.acknowledged).toBeGreaterThanOrEqual(40);
  expect(run.outageMs).toBeLessThan(30_000);
  await expectRetriesSettleEverything(ha, run.group, run.attempts);

  // The killed node comes back by itself (pg_rewind if needed) as the new synchronous standby.
  const rejoined = await waitForHealthyDatabase(ha);
  expect(rejoined).toEqual({ leader: run.newLeader, standby: run.leader });
  const timelines = new Set((await patroniMembers(ha)).map((m) => m.timeline));
  expect(timelines.size).toBe(1);
});
