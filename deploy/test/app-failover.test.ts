/**
 * One Créneau process killed with SIGKILL under a stream of bookings: HAProxy sends the requests
 * that could not reach it to the other process, so only the requests that process was answering
 * at that instant fail. None of them can be booked twice: HAProxy retries only a request that
 * never reached a process.
 */
import { afterAll, expect, inject, test } from 'vitest';
import {
  answered,
  auditBookings,
  retryUnanswered,
  seedGroup,
  startBookingStream,
  statusCounts,
} from './support/bookings.ts';
import {
  haLocal,
  haLocalEnv,
  haproxyStates,
  recordedPid,
  sleep,
  waitFor,
  waitForPortClosed,
} from './support/cluster.ts';

const ha = inject('ha');

afterAll(async () => {
  // Put the killed process back for the tests that follow.
  await haLocal(['start-app', 'app1'], haLocalEnv(ha));
  await waitFor('HAProxy to see app1 again', 20_000, async () =>
    (await haproxyStates(ha, 'creneau-app')).app1 === 'UP' ? true : undefined,
  );
});

test('a SIGKILLed server process: only the requests it was answering fail', async () => {
  await waitFor('both processes up in HAProxy', 20_000, async () => {
    const states = await haproxyStates(ha, 'creneau-app');
    return states.app1 === 'UP' && states.app2 === 'UP' ? true : undefined;
  });
  const group = await seedGroup(ha, 'ha-app-failover');
  const stream = startBookingStream(ha, group, { ticksPerSecond: 5, tag: 'appkill' });

  await waitFor('bookings before the kill', 30_000, async () =>
    stream.attempts.filter((a) => a.status === 201).length >= 20 ? true : undefined,
  );
  const killedAt = performance.now();
  const pid = recordedPid(ha, 'app1');
  process.kill(pid, 'SIGKILL');
  // A killed process takes a moment to die; until its sockets close, the kernel still queues
  // connections for it. "In flight" is what was sent before it stopped accepting them.
  await waitForPortClosed(Number(ha.APP1_PORT));
  const goneAt = performance.now();
  await waitFor('HAProxy to mark app1 down', 10_000, async () =>
    (await haproxyStates(ha, 'creneau-app')).app1 === 'DOWN' ? true : undefined,
  );
  await sleep(3000);
  const attempts = await stream.stop();

  const failed = attempts.filter((a) => !answered(a));
  const inFlight = attempts.filter((a) => a.sentAt <= goneAt && a.doneAt >= killedAt);
  const sentAfter = attempts.filter((a) => a.sentAt > goneAt);
  const audit = await auditBookings(ha, group, attempts);
  console.log(
    `Créneau process killed (gone ${Math.round(goneAt - killedAt)} ms later): ` +
      `${failed.length} failed of ${inFlight.length} in flight; ` +
      `${sentAfter.length} sent after it; answers ${JSON.stringify(statusCounts(attempts))}`,
  );

  const at = (ms: number) => `${Math.round(ms - killedAt)}ms`;
  for (const f of failed)
    console.log(`failed: sent ${at(f.sentAt)} answered ${at(f.doneAt)} ${f.status} ${f.body.slice(0, 120)}`);
  // Every failure was a request in flight at the kill; everything sent afterwards was answered.
  for (const failure of failed) expect(inFlight).toContain(failure);
  expect(sentAfter.filter((a) => !answered(a))).toEqual([]);
  expect(sentAfter.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(10);
  // Of two customers asking for one slot at once, exactly one got it — before and after the kill.
  const bothAnswered = new Map<number, number[]>();
  for (const a of attempts) bothAnswered.set(a.slot, [...(bothAnswered.get(a.slot) ?? []), a.status]);
  for (const statuses of bothAnswered.values())
    if (statuses.every((status) => status === 201 || status === 409))
      expect(statuses.sort()).toEqual([201, 409]);
  expect(audit.lostOrDuplicated).toEqual([]);
  expect(audit.overlaps).toBe(0);
  expect(audit.slotsWonTwice).toEqual([]);

  // The clients of the failed requests retry with their Idempotency-Key: all settle, none twice.
  const settled = await retryUnanswered(ha, group, attempts);
  const afterRetries = await auditBookings(ha, group, settled);
  expect(settled.filter((a) => !answered(a))).toEqual([]);
  expect(afterRetries.lostOrDuplicated).toEqual([]);
  expect(afterRetries.committedUnacknowledged).toBe(0);
  expect(afterRetries.acknowledged).toBe(new Set(settled.map((a) => a.slot)).size);
});
