/**
 * One configuration writer at a time across the test workers. The tests that save or restore the
 * demo salon's configuration count on version numbers and restore "the version before" their own
 * saves (docs/group-configuration.md "While the server runs, and versions"): another worker's save
 * in between would break both. The lock is a directory in the run's data directory, made
 * atomically, so it needs no server and dies with the run.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The tag of the tests that take the lock. playwright.config.ts runs them in a project of their
 * own, one at a time, beside the other tests: a second worker that reached one of them would only
 * wait for the lock, doing nothing, instead of running the rest of the suite.
 */
export const WRITES_CONFIGURATION = '@writes-configuration';

const lockDir = () => path.join(process.env.E2E_DATA_DIR ?? tmpdir(), 'configuration-writer.lock');

/** Runs `body` holding the lock; waits for it up to `waitMs`. */
export async function withConfigurationLock<T>(body: () => Promise<T>, waitMs = 150_000): Promise<T> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(lockDir());
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > until) throw new Error('the configuration lock stayed taken');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await body();
  } finally {
    rmSync(lockDir(), { recursive: true, force: true });
  }
}
