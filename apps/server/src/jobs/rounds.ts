/**
 * A background worker's rounds: `work` every `intervalMs` after the previous round ended, never two
 * at once — a timed round and a test's `runOnce` queue up — and `stop()` waits for the round under
 * way, so a shutdown does not close the database beneath it. The mail worker and the job runner
 * both run this way.
 */
export interface Rounds<T> {
  runOnce(): Promise<T>;
  stop(): Promise<void>;
}

export function startRounds<T>(
  /** One round; `stopping()` turns true once stop() was called, so a long round can end early. */
  work: (stopping: () => boolean) => Promise<T>,
  options: {
    /** 0 runs no timed rounds (tests call runOnce). */
    intervalMs: number;
    /** Told when a timed round ends, and whether it ended without error (the metrics' job lag). */
    onRound?: ((ok: boolean) => void) | undefined;
    onError: (error: unknown) => void;
  },
): Rounds<T> {
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const runOnce = () => {
    const round = queue.then(() => work(() => stopped));
    queue = round.catch(() => undefined);
    return round;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      runOnce()
        .then(
          () => options.onRound?.(true),
          (error: unknown) => {
            options.onError(error);
            options.onRound?.(false);
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
