/**
 * PGlite is one process's database: two processes opening the same data directory would corrupt
 * it. A pid file makes the second one (say, the group CLI while `npm start` runs) stop with a
 * clear message instead.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'creneau.pid');
  try {
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `the embedded database in ${dataDir} is in use by process ${holder}; stop it first (or use DATABASE_URL)`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
