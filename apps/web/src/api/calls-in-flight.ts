/**
 * How many API calls are on their way, and a wait for a quiet moment: what starts once the page's
 * own answers are in (the web font, app/web-font.ts) waits for it rather than sharing a slow link
 * with them.
 */
let inFlight = 0;
let lastEnded = Number.NEGATIVE_INFINITY;

/** Counts a call from its request until its answer's body is read, or it fails. */
export async function counted<T>(call: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await call();
  } finally {
    inFlight--;
    lastEnded = performance.now();
  }
}

/**
 * Resolves once no call has been on its way for `quietMs`, counted from now at the earliest: a
 * page whose calls have not started yet is not quiet.
 */
export function whenCallsQuiet(quietMs: number): Promise<void> {
  const asked = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      const quietFor = performance.now() - Math.max(lastEnded, asked);
      if (inFlight === 0 && quietFor >= quietMs) resolve();
      else setTimeout(check, inFlight === 0 ? quietMs - quietFor : quietMs);
    };
    check();
  });
}
