/**
 * `npm run test:ha`: the high-availability tests, against the topology deploy/ha-local.sh brings up
 * once for all of them (global-setup.ts). Kept out of the main Vitest run: they need the Debian
 * packages patroni, etcd-server, haproxy and pgbouncer, and kill processes on purpose.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ha',
    root: path.dirname(fileURLToPath(import.meta.url)),
    include: ['*.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // One cluster, one test at a time: each kills a part of it.
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 240_000,
  },
});
