/**
 * A background worker's rounds: `work` every `intervalMs` after the previous round ended, never two
 * at once — a timed round and a test's `runOnce` queue up — and `stop()` waits for the round under
 * way, so a shutdown does not close the database beneath it. The mail worker and the job runner
 * both run this way.
 *
 * Each timed round is told whether the server was busy during the pause before it (docs/jobs.md
 * "Requests first"), from the share of that pause this process's event loop spent working and the
 * share the machine's processors did (isBusy). Neither counts the worker's own round. A busy round
 * takes only the work that has waited longest, so that during a rush the CPU goes to the people
 * booking and the rest follows within a bound.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';

export interface Rounds<T> {
  /** One round at once, after any under way, taking work due `heldBackMs` ago or earlier (tests). */
  runOnce(heldBackMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/** What a round is told. */
export interface Round {
  /** Turns true once stop() was called, so a long round can end early. */
  stopping(): boolean;
  /**
   * 0, or in a busy round (isBusy, or a lull within RUSH_LULL_MS of a busy one) the
   * `holdWhenBusyMs` the rounds were started with: the round takes only work that has been due at
   * least this long (dueBy).
   */
  heldBackMs: number;
}

/**
 * A process whose event loop works half the time is serving a rush (requests start to wait for one
 * another). So is one that serves requests at all (a tenth of its time) on a machine whose
 * processors work 40 % of the time, a share the pauses show from about 90 bookings a second on two
 * cores (docs/benchmarks.md): the mail of such a rush, sent as it comes, takes nearly a quarter of
 * the CPU, in bursts that double the slowest answers. A machine busy with something else (another
 * process sending its held mail after the rush) holds nothing back, nor does a quiet server (a few
 * requests a second use a few per cent of its loop).
 */
export const BUSY_LOOP_SHARE = 0.5;
export const BUSY_MACHINE_SHARE = 0.4;
export const SERVING_LOOP_SHARE = 0.1;

/**
 * A rush has lulls: a pause judged quiet within this long of a busy one is taken for a lull, and the
 * work stays held. Without it, the first quiet pause of a rush sent all that was held at once, in
 * the middle of the rush, and its answers waited behind it (docs/benchmarks.md "Booking: requests
 * first").
 */
export const RUSH_LULL_MS = 10_000;

/** The processors' idle and total time so far, summed over all of them (ms). */
function processorTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/** How much of a pause the process's event loop, and the machine's processors, spent working (0–1). */
export interface PauseShares {
  loop: number;
  machine: number;
}

/** Measures a pause: call it when the pause starts, and what it returns when it ends. */
export function pauseMeter(): () => PauseShares {
  const loop = performance.eventLoopUtilization();
  const machine = processorTimes();
  return () => {
    const now = processorTimes();
    const elapsed = now.total - machine.total;
    return {
      loop: performance.eventLoopUtilization(loop).utilization,
      machine: elapsed > 0 ? 1 - (now.idle - machine.idle) / elapsed : 0,
    };
  };
}

export function isBusy({ loop, machine }: PauseShares): boolean {
  return loop >= BUSY_LOOP_SHARE || (machine >= BUSY_MACHINE_SHARE && loop >= SERVING_LOOP_SHARE);
}

/** A minute: a nine o'clock rush is over by then, and a confirmation a minute late is still prompt. */
export const DEFAULT_BUSY_HOLD_MS = 60_000;

/** The latest due time a round takes: now, or in a busy round, what has been held back long enough. */
export function dueBy(round: Pick<Round, 'heldBackMs'>, now: Date): Date {
  return round.heldBackMs > 0 ? new Date(now.getTime() - round.heldBackMs) : now;
}

export function startRounds<T>(
  work: (round: Round) => Promise<T>,
  options: {
    /** 0 runs no timed rounds (tests call runOnce). */
    intervalMs: number;
    /**
     * How long a busy server holds the work back (the config's BUSY_HOLD_MS; 0 never holds): a rush
     * delays a confirmation by up to this and never loses it.
     */
    holdWhenBusyMs: number;
    /** RUSH_LULL_MS unless told otherwise (tests). */
    rushLullMs?: number;
    /**
     * Told when a timed round ends, whether it ended without error (the metrics' job lag) and
     * whether it was held back (the metrics' held rounds).
     */
    onRound?: ((ok: boolean, held: boolean) => void) | undefined;
    onError: (error: unknown) => void;
  },
): Rounds<T> {
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const stopping = () => stopped;
  let lastBusyAt = Number.NEGATIVE_INFINITY;
  const heldBack = (shares: PauseShares) => {
    const now = performance.now();
    if (isBusy(shares)) lastBusyAt = now;
    return now - lastBusyAt < (options.rushLullMs ?? RUSH_LULL_MS) ? options.holdWhenBusyMs : 0;
  };
  const runOnce = (heldBackMs = 0) => {
    const run = queue.then(() => work({ stopping, heldBackMs }));
    queue = run.catch(() => undefined);
    return run;
  };
  const schedule = () => {
    // The pause is measured from here: the round that just ended is not counted as the server's work.
    const pause = pauseMeter();
    timer = setTimeout(() => {
      const heldBackMs = heldBack(pause());
      runOnce(heldBackMs)
        .then(
          () => options.onRound?.(true, heldBackMs > 0),
          (error: unknown) => {
            options.onError(error);
            options.onRound?.(false, heldBackMs > 0);
          },
        )
        .finally(() => {
          if (!stopped) schedule();
        });
    }, options.intervalMs);
    timer.unref();
  };
  if (options.intervalMs > 0) schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await queue;
    },
  };
}
