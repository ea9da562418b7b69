import os from 'node:os';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUSY_LOOP_SHARE,
  BUSY_MACHINE_SHARE,
  dueBy,
  isBusy,
  pauseMeter,
  SERVING_LOOP_SHARE,
  startRounds,
} from './rounds.ts';

/** Keeps this thread's event loop working for `ms`. */
function blockLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // working
  }
}

/** Keeps every processor of the machine working for `ms`, in threads of their own. */
async function burnProcessors(ms: number): Promise<void> {
  const code = `const until = Date.now() + ${ms}; while (Date.now() < until) {}`;
  await Promise.all(
    Array.from(
      { length: os.availableParallelism() },
      () =>
        new Promise((resolve, reject) => {
          const worker = new Worker(code, { eval: true });
          worker.once('exit', resolve);
          worker.once('error', reject);
        }),
    ),
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('pauseMeter', () => {
  it("sees a pause spent working in the process's own event loop", async () => {
    const measure = pauseMeter();
    setTimeout(() => blockLoop(300), 0);
    await pause(310);
    const shares = measure();
    expect(shares.loop).toBeGreaterThan(0.8);
    expect(isBusy(shares)).toBe(true);
  });

  it('tells a process serving on a saturated machine from one merely beside a busy machine', async () => {
    // Other threads keep every processor working for 1.5 s; this loop only waits for them.
    const beside = pauseMeter();
    await burnProcessors(1_500);
    const besideShares = beside();
    expect(besideShares.machine).toBeGreaterThan(BUSY_MACHINE_SHARE);
    expect(besideShares.loop).toBeLessThan(SERVING_LOOP_SHARE);
    expect(isBusy(besideShares)).toBe(false);

    // The same, with this loop working a fifth of the time: it is serving, and starved.
    const serving = pauseMeter();
    const burning = burnProcessors(1_500);
    setTimeout(() => blockLoop(300), 200);
    await burning;
    const servingShares = serving();
    expect(servingShares.machine).toBeGreaterThan(BUSY_MACHINE_SHARE);
    expect(servingShares.loop).toBeGreaterThan(SERVING_LOOP_SHARE);
    expect(servingShares.loop).toBeLessThan(BUSY_LOOP_SHARE);
    expect(isBusy(servingShares)).toBe(true);
  });
});

describe('isBusy and dueBy', () => {
  it('busy when the loop works half the time, or a tenth on a machine working 40 % of it', () => {
    expect(isBusy({ loop: 0.5, machine: 0 })).toBe(true);
    expect(isBusy({ loop: 0.49, machine: 0.39 })).toBe(false);
    expect(isBusy({ loop: 0.1, machine: 0.4 })).toBe(true);
    expect(isBusy({ loop: 0.09, machine: 1 })).toBe(false);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1 }), fc.double({ min: 0, max: 1 }), (loop, machine) => {
        const busy = isBusy({ loop, machine });
        // More work in either share never makes a busy pause quiet.
        expect(isBusy({ loop: Math.min(1, loop + 0.05), machine }) || !busy).toBe(true);
        expect(isBusy({ loop, machine: Math.min(1, machine + 0.05) }) || !busy).toBe(true);
        if (loop < SERVING_LOOP_SHARE) expect(busy).toBe(false);
        if (machine < BUSY_MACHINE_SHARE) expect(busy).toBe(loop >= BUSY_LOOP_SHARE);
      }),
    );
  });

  it('a round held back takes what has been due that long; any other, what is due now', () => {
    const now = new Date('2026-12-01T09:00:00Z');
    expect(dueBy({ heldBackMs: 0 }, now)).toEqual(now);
    expect(dueBy({ heldBackMs: 60_000 }, now)).toEqual(new Date('2026-12-01T08:59:00Z'));
  });
});

describe('startRounds', () => {
  it('holds timed rounds back from a busy pause through the lulls after it; runOnce is never held', async () => {
    const told: { heldBackMs: number; at: number }[] = [];
    const reported: boolean[] = [];
    let busyAt = 0;
    const rounds = startRounds(
      async ({ heldBackMs }) => {
        told.push({ heldBackMs, at: performance.now() });
        // The pause before the second round is spent working; the later ones are quiet.
        if (told.length === 1)
          setTimeout(() => {
            blockLoop(250);
            busyAt = performance.now();
          }, 0);
      },
      {
        intervalMs: 200,
        holdWhenBusyMs: 45_000,
        rushLullMs: 1_000,
        onRound: (ok, held) => {
          expect(ok).toBe(true);
          reported.push(held);
        },
        onError: (error) => expect.fail(String(error)),
      },
    );
    try {
      await pause(50);
      await rounds.runOnce();
      expect(told[0]!.heldBackMs).toBe(0);
      while (told.length < 2 || performance.now() - busyAt < 1_600) await pause(20);
      expect(told[1]!.heldBackMs).toBe(45_000);
      // Quiet pauses within the lull are held back too; once it is over, nothing is.
      const lull = told.slice(2).filter((round) => round.at - busyAt < 900);
      const after = told.slice(2).filter((round) => round.at - busyAt > 1_300);
      expect(lull.length).toBeGreaterThan(0);
      expect(lull.every((round) => round.heldBackMs === 45_000)).toBe(true);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((round) => round.heldBackMs === 0)).toBe(true);
      // The metrics hear which timed rounds were held back (runOnce's is not a timed round).
      expect(reported.slice(0, told.length - 2)).toEqual(
        told.slice(1, told.length - 1).map((round) => round.heldBackMs > 0),
      );
    } finally {
      await rounds.stop();
    }
  });

  it('never holds back when told 0 (BUSY_HOLD_MS=0), however busy the pause', async () => {
    const told: number[] = [];
    const rounds = startRounds(
      async ({ heldBackMs }) => {
        told.push(heldBackMs);
      },
      { intervalMs: 100, holdWhenBusyMs: 0, onError: (error) => expect.fail(String(error)) },
    );
    try {
      setTimeout(() => blockLoop(150), 0);
      while (told.length < 1) await pause(20);
      expect(told[0]).toBe(0);
    } finally {
      await rounds.stop();
    }
  });
});
