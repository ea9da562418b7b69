/**
 * `npm run bench:lighthouse -w @creneau/bench` — Lighthouse (the npm package) with Debian's
 * Chromium against a production build on the embedded database (docs/benchmarks.md § Lighthouse):
 * builds the web app and the server, starts `node apps/server/dist/main.js` on a free port with a
 * fresh data directory and the demo groups, then audits the home page, the first booking step and
 * the slots step of demo-salon and demo-clinic, with Lighthouse's mobile (its default throttling)
 * and desktop settings. Writes scores and Core Web Vitals to bench/results/lighthouse.json, with the
 * machine and its load average before and after (the figures mean little on a busy machine).
 *
 * Not part of `npm run bench` (its file name has no `.bench.ts`): a run takes minutes.
 * CHROMIUM_PATH overrides /usr/bin/chromium; LIGHTHOUSE_FILTER=salon runs the matching pages only;
 * LIGHTHOUSE_REPORTS=dir also writes each audit's whole report there, to see what an audit found.
 *
 * A mobile page is audited LIGHTHOUSE_RUNS times (5 by default: Lighthouse's own variability guide
 * finds the median of five runs about halves the spread of one) and reported by Lighthouse's own
 * median run (closest to the median FCP and time to interactive), with every run's score, LCP and
 * TBT beside it: on a 2-core machine one page's mobile score spreads over ten points from run to
 * run (docs/benchmarks.md § Lighthouse), so a single audit says little. Desktop runs once. An audit
 * Lighthouse could not finish is run again (at most three times), and listed under `retried`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { writeResults } from './results.ts';

/**
 * What Lighthouse clears before each audit, so that every audit is a first visit: its default
 * keeps cookies and local storage (not to log a user out) while it empties the HTTP cache, and a
 * page that remembers what its cache holds (app/web-font.ts) would be measured with a memory its
 * cache no longer backs.
 */
const FIRST_VISIT = [
  'cookies',
  'local_storage',
  'indexeddb',
  'cache_storage',
  'service_workers',
  'file_systems',
  'shader_cache',
] as const;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The pages of the issue: each group's home page, its first booking step, its slots step. */
const PAGES = [
  { name: 'demo-salon home', path: '/demo-salon/home' },
  { name: 'demo-salon first step', path: '/demo-salon' },
  { name: 'demo-salon slots', path: '/demo-salon?intervention_ids=35&calendar_id=23' },
  { name: 'demo-clinic home', path: '/demo-clinic/home' },
  { name: 'demo-clinic first step', path: '/demo-clinic' },
  { name: 'demo-clinic slots', path: '/demo-clinic?intervention_ids=14&calendar_id=11' },
].filter((page) => !process.env.LIGHTHOUSE_FILTER || page.name.includes(process.env.LIGHTHOUSE_FILTER));

const reportDir = process.env.LIGHTHOUSE_REPORTS;
const MOBILE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
/** An audit that ends in a Lighthouse error is run again, up to this many times in all. */
const ATTEMPTS_PER_RUN = 3;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  cls: 'cumulative-layout-shift',
  tbtMs: 'total-blocking-time',
  speedIndexMs: 'speed-index',
  ttiMs: 'interactive',
} as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url: string, server: ChildProcess, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

const npm = (args: string[]) => execFileSync('npm', args, { cwd: root, stdio: 'inherit' });

async function main() {
  const loadBefore = os.loadavg();
  npm(['run', 'build', '-w', '@creneau/web']);
  npm(['run', 'build', '-w', '@creneau/server']);

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-lighthouse-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOAD_DEMO: 'true',
      LOG_LEVEL: 'warn',
      API_KEYS: 'creneau-dev',
      WORKERS: '1',
    },
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results: Record<string, unknown>[] = [];
  const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } })).default
    .version;
  const chromium = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'])
    .toString()
    .trim();
  const save = (complete: boolean) =>
    writeResults('lighthouse', {
      command: 'npm run bench:lighthouse -w @creneau/bench',
      complete,
      lighthouse: lighthouseVersion,
      chromium,
      loadAverage: { before: loadBefore, now: os.loadavg() },
      results,
    });
  try {
    await waitFor(`${base}/demo-salon`, server);
    // One visit first so the first audit does not pay for the server's cold start.
    await fetch(`${base}/demo-salon`);
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const page of PAGES) {
        const url = `${base}${page.path}`;
        const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
        // Audits Lighthouse could not finish and ran again (now and then NO_NAVSTART: the trace of
        // a browser that has audited before lacks the navigation's start), by error code.
        const retried: string[] = [];
        for (let run = 0; run < (formFactor === 'mobile' ? MOBILE_RUNS : 1); run++) {
          for (let attempt = 1; ; attempt++) {
            const runner = await lighthouse(
              url,
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: [...CATEGORIES],
                clearStorageTypes: [...FIRST_VISIT],
              },
              formFactor === 'desktop' ? desktopConfig : undefined,
            );
            const error = runner!.lhr.runtimeError?.code;
            if (!error || attempt === ATTEMPTS_PER_RUN) {
              runs.push(runner!.lhr);
              break;
            }
            retried.push(error);
            console.warn(`${page.name} (${formFactor}): ${error}, audited again`);
          }
        }
        // An audit without paint has no FCP: the median cannot be taken, the first run is reported.
        const finished = runs.every((r) => r.audits['first-contentful-paint']?.numericValue !== undefined);
        const lhr = finished ? (computeMedianRun(runs) as (typeof runs)[number]) : runs[0]!;
        const spread = runs.map((r) => ({
          performance: Math.round((r.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(r.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(r.audits['total-blocking-time']?.numericValue ?? 0),
          ...(r.runtimeError ? { runtimeError: r.runtimeError.code } : {}),
        }));
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        );
        const metrics = Object.fromEntries(
          Object.entries(METRICS).map(([key, audit]) => {
            const value = lhr.audits[audit]?.numericValue ?? null;
            return [
              key,
              value === null ? null : key === 'cls' ? Number(value.toFixed(3)) : Math.round(value),
            ];
          }),
        );
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        const transferKiB = Math.round((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024);
        // An audit Lighthouse could not finish (no paint, a page error) has no metrics: say why.
        const runtimeError = lhr.runtimeError?.message;
        const entry = {
          page: page.name,
          path: page.path,
          formFactor,
          scores,
          metrics,
          transferKiB,
          failing,
          ...(runs.length > 1 ? { runs: spread } : {}),
          ...(retried.length > 0 ? { retried } : {}),
          ...(runtimeError ? { runtimeError } : {}),
        };
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          const file = `${page.name.replaceAll(' ', '-')}-${formFactor}.json`;
          writeFileSync(path.join(reportDir, file), JSON.stringify(lhr));
        }
        results.push(entry);
        console.log(JSON.stringify(entry));
        // Written after every audit: a long run cut short still leaves its figures.
        save(false);
      }
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  save(true);
}

await main();
