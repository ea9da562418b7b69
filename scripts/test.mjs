#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + integration + component tests, then browser tests.
// On CI (CI=true) nothing may be left out: real PostgreSQL and Chromium are required.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const ci = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The high-availability tests run the real parts (deploy/ha-local.sh): the Debian packages
// patroni, etcd-server, haproxy and pgbouncer, PostgreSQL 15's server binaries, and the script's
// tools (jq, curl, envsubst from gettext-base).
const haPrograms = [
  '/usr/bin/patroni',
  '/usr/bin/etcd',
  '/usr/sbin/haproxy',
  '/usr/sbin/pgbouncer',
  '/usr/lib/postgresql/15/bin/postgres',
  '/usr/bin/jq',
  '/usr/bin/curl',
  '/usr/bin/envsubst',
];

function step(title, command, args, env = {}, { exitOnFailure = true } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${title} failed after ${seconds}s`);
    if (exitOnFailure) process.exit(result.status ?? 1);
    return false;
  }
  console.log(`✓ ${title} (${seconds}s)`);
  return true;
}

/**
 * Runs a step with its output kept and printed in one piece when it ends (steps side by side would
 * mix their lines otherwise); resolves to whether it passed. `when` words its time.
 */
function runQuietly(title, command, args, env = {}, when = (seconds) => `${seconds}s`) {
  const started = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n▶ ${title}: output`);
      process.stdout.write(Buffer.concat(output));
      if (status === 0) console.log(`✓ ${title} (${when(seconds)})`);
      else console.error(`✗ ${title} failed after ${seconds}s`);
      resolve(status === 0);
    });
  });
}

/** Starts a step beside the others; resolves to whether it passed, once its output is printed. */
function startInBackground(title, command, args, env = {}) {
  console.log(`\n▶ ${title} (started beside the next step; output when done)`);
  // Read once the step beside it has ended (spawnSync holds the event loop): an upper bound.
  return runQuietly(
    title,
    command,
    args,
    env,
    (seconds) => `done within ${seconds}s, beside the browser tests`,
  );
}

/** Runs the steps two at a time (the machines have two cores), in the order given; true if all passed. */
async function twoAtATime(steps) {
  const queue = [...steps];
  let passed = true;
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (!(await runQuietly(...next))) passed = false;
    }
  };
  await Promise.all([lane(), lane()]);
  return passed;
}

// The checks that need only the sources, side by side: each TypeScript project's check (one tsc
// each, single-threaded, so one alone leaves a core idle), the lint, and the web app's build the
// browser tests serve. They are the `typecheck` script's own commands, so that list stays in one
// place; the longest first, so neither lane is left with a long one at the end.
const typecheckScript = JSON.parse(readFileSync(new URL('../package.json', import.meta.url))).scripts
  .typecheck;
const projects = typecheckScript.split('&&').map((command) => command.trim().split(/\s+/).slice(1));
const longestFirst = ['apps/server', 'apps/web', 'e2e', 'packages/core'];
const weight = (args) => {
  const rank = longestFirst.indexOf(args.at(-1));
  return rank === -1 ? longestFirst.length : rank;
};
projects.sort((a, b) => weight(a) - weight(b));
const typechecks = projects.map((args) => [`typecheck (tsc ${args.join(' ')})`, 'npx', ['tsc', ...args]]);
console.log("\n▶ typecheck, lint and the web app's build (two at a time; each one's output when it ends)");
const sourcesChecked = await twoAtATime([
  ...typechecks.slice(0, 2),
  ['web app build (for the browser tests)', 'npm', ['run', 'build', '-w', '@creneau/web']],
  ...typechecks.slice(2),
  ['lint', 'npx', ['biome', 'check', '.']],
]);
if (!sourcesChecked) process.exit(1);
step('unit, integration and component tests (TZ=UTC)', 'npx', ['vitest', 'run'], { TZ: 'UTC' });
// The engine must not depend on the process's time zone: run its suite again far from UTC.
step('core tests again under TZ=Pacific/Apia', 'npx', ['vitest', 'run', '--project', 'core'], {
  TZ: 'Pacific/Apia',
});

// The high-availability tests spend most of their time waiting for failovers and restarts, so they
// run beside the browser tests rather than after them; their output is printed when both are done.
const missingHa = haPrograms.filter((program) => !existsSync(program));
let haRun = null;
if (missingHa.length === 0) {
  // Their Créneau processes serve the API only: they are pointed away from the web app's build
  // directory, which is the browser tests' (and rebuilt by them when they run on their own).
  haRun = startInBackground(
    'high-availability tests (Patroni, PgBouncer, HAProxy; killing things)',
    'npm',
    ['run', '--silent', 'test:ha'],
    { WEB_DIST_DIR: '/nonexistent/creneau-ha-no-web-app' },
  );
} else if (ci) {
  console.error(`✗ CI=true but ${missingHa.join(', ')} missing; .ci/run installs them`);
  process.exit(1);
} else {
  console.warn(
    `! ${missingHa.join(', ')} not found: high-availability tests not run (apt-get install patroni etcd-server haproxy pgbouncer jq curl gettext-base)`,
  );
}

let browserFailed = false;
if (existsSync(chromium)) {
  browserFailed = !step(
    'browser tests (Chromium)',
    'npm',
    ['run', '--silent', 'test:e2e'],
    {
      CHROMIUM_PATH: chromium,
      // Built above, beside the typecheck: the browser tests' server start need not build it again.
      E2E_WEB_BUILT: 'true',
    },
    { exitOnFailure: false },
  );
} else if (ci) {
  console.error(`✗ CI=true but Chromium is missing at ${chromium}; .ci/run installs it`);
  browserFailed = true;
} else {
  console.warn(`! Chromium not found at ${chromium}: browser tests not run (apt-get install chromium)`);
}

const haPassed = haRun === null ? true : await haRun;
if (browserFailed || !haPassed) process.exit(1);
