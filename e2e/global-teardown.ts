/**
 * Removes the run's throw-away data directory (the server's PGlite database, its mails and text
 * messages). Playwright stops the server only after this runs, so the server may still be writing
 * there (its mail worker and job runner keep going): the removal is retried, and a directory that
 * still will not go is left in the system's temporary folder with a warning — cleaning up must not
 * fail a run whose tests passed.
 */
import { rmSync } from 'node:fs';

export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir?.includes('creneau-e2e-')) return;
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch (error) {
    console.warn(`left ${dir} behind: ${(error as Error).message}`);
  }
}
