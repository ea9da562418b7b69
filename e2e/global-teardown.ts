/** Removes the run's throw-away data directory (the server's PGlite database). */
import { rmSync } from 'node:fs';

export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('creneau-e2e-')) rmSync(dir, { recursive: true, force: true });
}
