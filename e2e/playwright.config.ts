/**
 * Browser tests: Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium; Playwright cannot
 * download browsers here) against the real server with the demo groups. The web server step
 * builds the web app (unless E2E_WEB_BUILT=true says it was just built), then starts the API on a
 * free port with a fresh data directory, so the demo groups load into a new PGlite database.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { WRITES_CONFIGURATION } from './support/configuration-lock.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Chosen once by the runner and inherited by its workers through the environment, so everybody
// talks to the same server.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'creneau-e2e-'));

const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI === 'true' ? 1 : 0,
  // Room for a slow or shared machine: the CI machines of this project vary by about twice in
  // speed, and the longest tests (a whole booking, a mail round trip, two browsers) took close to
  // 30 s on the slower ones. A test still fails on the first wrong value it sees.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI === 'true' ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    // A French browser: under the language rule (docs/web-app.md "Language") each demo group then
    // speaks its own language — French where offered, the others don't offer French — as the
    // suites' texts expect; language-rule.spec.ts covers other browsers.
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The salon's own domain, for the "/" look-up by host.
        '--host-resolver-rules=MAP atelier-capucine.example 127.0.0.1',
      ],
    },
  },
  // The tests that save the demo salon's configuration take turns (support/configuration-lock.ts):
  // they are a project of one worker, listed first so they start early and never form the run's
  // tail; the other worker runs the rest meanwhile instead of waiting for the lock.
  projects: [
    { name: 'configuration-writers', grep: new RegExp(WRITES_CONFIGURATION), workers: 1 },
    { name: 'chromium', grepInvert: new RegExp(WRITES_CONFIGURATION) },
  ],
  webServer: {
    // `npm test` builds the web app beside the typecheck and says so (scripts/test.mjs): then only
    // the server is started here. On their own, the browser tests build it first.
    command: `${process.env.E2E_WEB_BUILT === 'true' ? '' : 'npm run build -w @creneau/web && '}node --import tsx apps/server/src/main.ts`,
    cwd: repoRoot,
    url: `${baseURL}/not_found`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      LOAD_DEMO: 'true',
      LOG_LEVEL: 'warn',
      API_KEYS: 'creneau-dev',
      // Every browser test books and registers from 127.0.0.1; the limits have their own server tests.
      RATE_LIMIT_SCALE: '1000',
      // Every answer the browser receives is checked against the API contract.
      CHECK_ANSWERS: 'true',
      // The demo's platform administrator (docs/demo.md), for the platform page's test.
      PLATFORM_ADMINS: 'elise.bernard@example.com',
      // The webhooks test's receiver listens on 127.0.0.1 (docs/webhooks.md).
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      // The tests wait for mails and webhooks as soon as they are due; Chromium and the server keep
      // the machine busy enough for the server to hold them back a minute (docs/jobs.md "Requests first").
      BUSY_HOLD_MS: '0',
    },
  },
});
