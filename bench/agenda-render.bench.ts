/**
 * The back office's week agenda in a real browser (docs/benchmarks.md): the group of the agenda
 * benchmark (20 calendars, 5,000 appointments in the week, agenda-group.ts) opened by its owner in
 * Debian's Chromium at 1280 × 900. Target: the first render ≤ 200 ms.
 *
 * "First render" is the time from the end of the agenda's answer (the browser's resource timing of
 * GET …/agenda) to the first frame painted with every appointment of the week in the page: parsing
 * the 2.4 MB of JSON, laying out and rendering 5,000 buttons. Also printed: the whole page load
 * (navigation start to that frame) and paging to the next week and back once both weeks are read
 * (a re-render from the query cache, click to frame).
 *
 * Needs PostgreSQL at TEST_DATABASE_URL and a built web app (built here when apps/web/dist is
 * missing). CHROMIUM_PATH overrides /usr/bin/chromium; AGENDA_RENDER_RUNS sets the page loads (7).
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { AGENDA_URLNAME, APPOINTMENTS_IN_WEEK, CALENDARS, OWNER, seedAgendaGroup } from './agenda-group.ts';
import { benchDatabase, freePort, startBenchServer, stopBenchServer } from './bench-server.ts';
import { writeResults } from './results.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const database = benchDatabase('creneau_bench_agenda_render');
const RUNS = Number(process.env.AGENDA_RENDER_RUNS ?? 7);
const TARGET_MS = 200;
/** The web app's built-in API key (apps/web/src/lib/config.ts): the server must accept it. */
const WEB_API_KEY = 'creneau-dev';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

/*
 * The page-side scripts are plain text: tsx compiles functions with helpers (`__name`) that do not
 * exist in the page, so a compiled function cannot be handed to the browser.
 */

/**
 * Runs in the page before the app: notes when the agenda's answer ended and the first frame
 * painted with `expected` appointments in the page.
 */
const watchFirstRender = (expected: number) => `
  const marks = {};
  window.__agendaMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name.includes('/agenda?') && marks.answerEnd === undefined) marks.answerEnd = entry.responseEnd;
  }).observe({ type: 'resource', buffered: true });
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('[data-testid="agenda-appointment"]').length < ${expected}) return;
    observer.disconnect();
    // The frame that shows them: after the next animation frame's paint.
    requestAnimationFrame(() => setTimeout(() => { marks.painted = performance.now(); }, 0));
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true }));
`;

/** Click to frame: the paging button `testId` shows a week of `expected` appointments. */
const pageScript = (testId: string, expected: number) => `
  new Promise((resolve) => {
    const button = document.querySelector('[data-testid="${testId}"]');
    const start = performance.now();
    const check = () => {
      const shown = document.querySelectorAll('[data-testid="agenda-appointment"]').length;
      if (shown === ${expected}) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
      else requestAnimationFrame(check);
    };
    button.click();
    requestAnimationFrame(check);
  })
`;

async function logIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/${AGENDA_URLNAME}/admin?locale=en`);
  await page.getByTestId('login-email').fill(OWNER.email);
  await page.getByTestId('login-password').fill(OWNER.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('agenda-board').waitFor({ timeout: 60_000 });
}

async function pageTo(
  page: Page,
  testId: 'agenda-next' | 'agenda-previous',
  expected: number,
): Promise<number> {
  return (await page.evaluate(pageScript(testId, expected))) as number;
}

async function main() {
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
    execFileSync('npm', ['run', 'build', '-w', '@creneau/web'], { cwd: root, stdio: 'inherit' });
  await database.create();
  let server: ChildProcess | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    await seedAgendaGroup(database.url);
    await database.admin('analyze', database.url);
    const port = await freePort();
    server = await startBenchServer({
      databaseUrl: database.url,
      port,
      urlname: AGENDA_URLNAME,
      env: { API_KEYS: `bench-key,${WEB_API_KEY}` },
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    // The page's policy forbids evaluating text, which the measuring scripts are (see above).
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await logIn(page, baseUrl);

    const firstRenders: number[] = [];
    const pageLoads: number[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      const fresh = await context.newPage();
      await fresh.addInitScript({ content: watchFirstRender(APPOINTMENTS_IN_WEEK) });
      await fresh.goto(`${baseUrl}/${AGENDA_URLNAME}/admin?locale=en`);
      const marks = await fresh
        .waitForFunction(
          'window.__agendaMarks.painted !== undefined && window.__agendaMarks.answerEnd !== undefined ? window.__agendaMarks : null',
          undefined,
          { timeout: 60_000, polling: 50 },
        )
        .then((handle) => handle.jsonValue() as Promise<{ answerEnd: number; painted: number }>);
      await fresh.close();
      if (run === 0) continue; // the first load warms the server's agenda cache and the browser's code cache
      firstRenders.push(marks.painted - marks.answerEnd);
      pageLoads.push(marks.painted);
    }

    // Paging: read next week once, then time back and forth between two weeks in the cache.
    await page.reload();
    await page.getByTestId('agenda-board').waitFor();
    const nextCount = 0; // the seeded group has nothing the week after
    await pageTo(page, 'agenda-next', nextCount);
    const paging: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      paging.push(await pageTo(page, 'agenda-previous', APPOINTMENTS_IN_WEEK));
      await pageTo(page, 'agenda-next', nextCount);
    }

    const chromiumVersion = browser.version();
    const result = {
      firstRenderMs: { median: round(median(firstRenders)), max: round(Math.max(...firstRenders)) },
      pageLoadMs: { median: round(median(pageLoads)), max: round(Math.max(...pageLoads)) },
      pagingToBusyWeekMs: { median: round(median(paging)), max: round(Math.max(...paging)) },
    };
    console.log(
      `week agenda, ${CALENDARS} calendars, ${APPOINTMENTS_IN_WEEK} appointments, Chromium ${chromiumVersion} at 1280×900, ${RUNS} loads:`,
    );
    console.log(
      `  first render (answer received → painted): median ${result.firstRenderMs.median} ms, max ${result.firstRenderMs.max} ms → ${result.firstRenderMs.median <= TARGET_MS ? 'PASS' : 'FAIL'} (target ≤ ${TARGET_MS} ms)`,
    );
    console.log(
      `  whole page load (navigation → painted): median ${result.pageLoadMs.median} ms, max ${result.pageLoadMs.max} ms`,
    );
    console.log(
      `  paging back to the busy week (click → painted, from cache): median ${result.pagingToBusyWeekMs.median} ms, max ${result.pagingToBusyWeekMs.max} ms`,
    );
    writeResults('agenda-render', {
      command: 'npm run bench -- agenda-render',
      setup: `Chromium ${chromiumVersion}, 1280×900, built web app served by the npm start entry point on real PostgreSQL`,
      loadAverageBefore: loadBefore,
      loadAverageAfter: readFileSync('/proc/loadavg', 'utf8').trim(),
      runs: RUNS,
      target: `first render ≤ ${TARGET_MS} ms`,
      ...result,
      firstRenders: firstRenders.map(round),
    });
    if (result.firstRenderMs.median > TARGET_MS) process.exitCode = 1;
  } finally {
    await browser.close();
    if (server) await stopBenchServer(server);
    await database.drop();
  }
}

await main();
