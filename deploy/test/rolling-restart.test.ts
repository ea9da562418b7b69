/**
 * A rolling restart under a stream of bookings: each Créneau process in turn gets SIGTERM (as a
 * deploy or systemd sends it), drains — readiness 503 so HAProxy takes it out, requests in flight
 * finished — exits, and is started again before the next one goes. Not one request may fail.
 */
import { expect, inject, test } from 'vitest';
import { answered, auditBookings, seedGroup, startBookingStream, statusCounts } from './support/bookings.ts';
import {
  haLocal,
  haLocalEnv,
  haproxyStates,
  recordedPid,
  sleep,
  waitFor,
  waitForExit,
  waitForPortClosed,
} from './support/cluster.ts';

const ha = inject('ha');

const bothUp = async () => {
  const states = await haproxyStates(ha, 'creneau-app');
  return states.app1 === 'UP' && states.app2 === 'UP' ? true : undefined;
};

test('a rolling restart of the Créneau processes loses no request', async () => {
  await waitFor('both processes up in HAProxy', 30_000, bothUp);
  const group = await seedGroup(ha, 'ha-rolling-restart');
  const stream = startBookingStream(ha, group, { ticksPerSecond: 3, tag: 'rolling' });
  await sleep(1000);

  for (const [app, port] of [
    ['app1', ha.APP1_PORT],
    ['app2', ha.APP2_PORT],
  ] as const) {
    const pid = recordedPid(ha, app);
    process.kill(pid, 'SIGTERM');
    await waitForExit(pid, 60_000);
    await waitForPortClosed(Number(port));
    await haLocal(['start-app', app], haLocalEnv(ha));
    await waitFor(`HAProxy to send to ${app} again`, 20_000, bothUp);
  }
  await sleep(1000);
  const attempts = await stream.stop();

  const audit = await auditBookings(ha, group, attempts);
  console.log(`rolling restart of app1 then app2: answers ${JSON.stringify(statusCounts(attempts))}`);
  expect(attempts.filter((a) => !answered(a)).map((a) => `${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
  expect(audit.acknowledged).toBe(new Set(attempts.map((a) => a.slot)).size);
  expect(audit.lostOrDuplicated).toEqual([]);
  expect(audit.overlaps).toBe(0);
  expect(audit.slotsWonTwice).toEqual([]);
});
