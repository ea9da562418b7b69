/**
 * The etcd leader killed with SIGKILL under a stream of bookings. Patroni keeps its leader key in
 * etcd; with a single etcd member, losing it makes Patroni demote the primary (no DCS: read-only).
 * With three members the other two elect a new leader within about a second, Patroni's next
 * requests go to them, and the primary never stops being primary: no request may fail.
 */
import { afterAll, expect, inject, test } from 'vitest';
import { answered, auditBookings, seedGroup, startBookingStream, statusCounts } from './support/bookings.ts';
import {
  haLocal,
  haLocalEnv,
  patroniMembers,
  patroniNode,
  recordedPid,
  sleep,
  waitFor,
  waitForExit,
  waitForHealthyDatabase,
  watchPrimary,
} from './support/cluster.ts';
import { ETCD_MEMBERS, type EtcdMember, etcdLeader, waitForHealthyEtcd } from './support/etcd.ts';
import { expectNothingLostOrDoubled, seconds, waitForBooked } from './support/failover.ts';

const ha = inject('ha');
/** The member killed, until it is started again. */
let memberDown: EtcdMember | undefined;

afterAll(async () => {
  if (memberDown) await haLocal(['start-etcd', memberDown], haLocalEnv(ha));
});

test('the etcd leader SIGKILLed: the primary stays primary and no booking fails', async () => {
  const { leader: primary } = await waitForHealthyDatabase(ha);
  const killed = await waitForHealthyEtcd(ha);
  const survivors = ETCD_MEMBERS.filter((member) => member !== killed);
  const timelineBefore = (await patroniNode(ha, primary)).timeline;

  const group = await seedGroup(ha, 'ha-etcd-loss');
  const stream = startBookingStream(ha, group, { ticksPerSecond: 5, tag: 'etcdkill' });
  const watch = watchPrimary(ha, primary);
  await waitForBooked(stream, 15, 0, 30_000);

  const killedAt = performance.now();
  const killedAtEpoch = Date.now() / 1000;
  const pid = recordedPid(ha, killed);
  memberDown = killed;
  process.kill(pid, 'SIGKILL');
  await waitForExit(pid);
  const newLeader = await waitFor('the two members left to elect a leader', 20_000, () =>
    etcdLeader(ha, survivors),
  );
  const electedAfter = performance.now() - killedAt;
  // Patroni must have renewed its leader key through the members left — and outlived the window
  // in which a primary that cannot reach etcd demotes itself (retry_timeout 5 s + loop_wait 2 s).
  await waitFor('Patroni on the primary to reach etcd after the election', 20_000, async () =>
    (await patroniNode(ha, primary)).dcs_last_seen > killedAtEpoch + electedAfter / 1000 + 2
      ? true
      : undefined,
  );
  await sleep(Math.max(0, killedAt + 10_000 - performance.now()));
  const lastContactAfter = (await patroniNode(ha, primary)).dcs_last_seen - killedAtEpoch;

  // The killed member comes back (on its data directory) and catches up; the cluster has three again.
  await haLocal(['start-etcd', killed], haLocalEnv(ha));
  memberDown = undefined;
  await waitForHealthyEtcd(ha);
  await sleep(1000);
  const attempts = await stream.stop();
  const { looks, notPrimary } = await watch.stop();

  const after = attempts.filter((a) => a.sentAt > killedAt);
  const booked = attempts.filter((a) => a.status === 201);
  // Write outage: the longest time without a booking answered 201, from the kill on.
  const answeredAt = [killedAt, ...booked.map((a) => a.doneAt).filter((t) => t > killedAt)];
  const longestGap = Math.max(...answeredAt.slice(1).map((t, i) => t - answeredAt[i]!));
  const slowest = Math.max(...after.map((a) => a.doneAt - a.sentAt));
  const audit = await auditBookings(ha, group, attempts);
  console.log(
    `etcd leader lost: ${killed} killed, ${newLeader} elected after ${seconds(electedAfter)} s; ` +
      `Patroni on ${primary} last heard etcd ${lastContactAfter.toFixed(0)} s after the kill (of 10 watched); not primary in ` +
      `${notPrimary.length} of ${looks} looks; ${attempts.filter((a) => !answered(a)).length} requests failed ` +
      `of ${after.length} sent after the kill; longest wait for a 201 after the kill ${seconds(longestGap)} s, ` +
      `slowest answer ${seconds(slowest)} s; answers ${JSON.stringify(statusCounts(attempts))}`,
  );

  expect(notPrimary).toEqual([]);
  const members = await patroniMembers(ha);
  expect(members.find((m) => m.role === 'leader')?.name).toBe(primary);
  expect(new Set(members.map((m) => m.timeline))).toEqual(new Set([timelineBefore]));
  expect(attempts.filter((a) => !answered(a)).map((a) => `${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
  expect(after.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(20);
  expectNothingLostOrDoubled(audit);
  expect(audit.acknowledged).toBe(new Set(attempts.map((a) => a.slot)).size);
});
