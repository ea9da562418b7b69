import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Three test files at once on the 2-core machines we run on: most server files wait on
    // PostgreSQL, spawned servers or timers rather than compute, and the default (one file at a time
    // on two cores) left a core idle. The whole suite passes this way on a machine loaded to 13.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'core',
          root: './packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['./test/support/global-setup.ts'],
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
