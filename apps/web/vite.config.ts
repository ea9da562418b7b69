import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { dismissLabel } from './build/dismiss-label.ts';
import { inlineIcon } from './build/inline-icon.ts';
import { pageTexts } from './build/page-texts.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [dismissLabel(), react(), inlineIcon(), pageTexts(), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The bundle benchmark reads the manifest to tell the entry chunk from lazy ones.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // A chunk's file is named by its hash alone: the entry lists every lazy chunk's file in its
        // preload table, and the module names in them cost 1 KB gzipped of every first load
        // (docs/benchmarks.md). The manifest still maps each source file to its chunk.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // Everything the entry imports statically, in the entry's own file: it all loads on
          // every first visit anyway, and left to itself the bundler cuts out a dozen shared chunks
          // (the parts that lazy pages reuse), which cost requests and compress worse apart.
          groups: [
            { name: 'start', tags: ['$initial'] },
            // The booking flow's modules that two of its lazy parts or more share (the booking
            // container, the steps, the summary), in one chunk: left to itself the bundler cut a
            // dozen chunks of 100–900 bytes out of them, each one more request on a step's first
            // load (docs/web-app.md "First paint"). What only later steps use stays out, or every
            // first step would download it: the waitlist's form (drawn under the slots once they
            // are in, and in the customer's appointments), the details form's errors and the
            // pending booking of the login and register steps.
            {
              name: 'booking-shared',
              minShareCount: 2,
              test: /(apps\/web\/src\/features\/booking\/(?!pending-rdv|booking-errors)|packages\/core\/src\/booking\/)/,
            },
          ],
        },
      },
    },
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  test: {
    name: 'web',
    // Node by default: most files test logic, and setting up jsdom cost about 1.3 s per file (155 s
    // of the web tests' 110). A file that renders or reads the DOM says so in its first line:
    // `// @vitest-environment jsdom`.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
