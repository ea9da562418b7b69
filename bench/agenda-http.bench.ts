/**
 * The back office's week agenda under load, on real PostgreSQL (docs/benchmarks.md): a group of 20
 * calendars with 5,000 appointments in the week shown must answer GET …/agenda?days=7 at 100
 * requests/s for 30 s with p99 ≤ 50 ms and no errors (docs/back-office.md "Agenda"). Then the rate
 * is raised step by step to find the highest one that still meets it.
 *
 * The server runs as its own process (`npm start`'s entry point) on a database created for the run
 * and dropped afterwards; the owner logs in once and every request carries that session.
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  AGENDA_URLNAME,
  APPOINTMENTS_IN_WEEK,
  CALENDARS,
  monday,
  OWNER,
  seedAgendaGroup,
} from './agenda-group.ts';
import {
  BENCH_API_KEY,
  benchDatabase,
  benchWorkers,
  freePort,
  startBenchServer,
  stopBenchServer,
} from './bench-server.ts';
import { fixedRate, type RateRun } from './fixed-rate.ts';
import { writeResults } from './results.ts';

const database = benchDatabase('creneau_bench_agenda');
/** AGENDA_BENCH_SECONDS=5 for a quick look; the target run lasts 30 s. */
const TARGET_SECONDS = Number(process.env.AGENDA_BENCH_SECONDS ?? 30);
const TARGET_RATE = 100;
const P99_LIMIT_MS = 50;
const passes = (s: RateRun) =>
  s.errors === 0 &&
  s.non2xx === 0 &&
  s.latencyMs.p99 <= P99_LIMIT_MS &&
  s.achievedRate >= s.targetRate * 0.95;

async function main() {
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
  await database.create();
  let server: ChildProcess | undefined;
  try {
    const groupId = await seedAgendaGroup(database.url);
    await database.admin('analyze', database.url);
    const port = await freePort();
    server = await startBenchServer({ databaseUrl: database.url, port, urlname: AGENDA_URLNAME });
    const login = await fetch(`http://127.0.0.1:${port}/api/v3/sessions/login.json?apikey=${BENCH_API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credentials: OWNER, account: { group_id: groupId } }),
    });
    const { account_token: token } = (await login.json()) as { account_token: string };
    const path = `/api/v3/admin/groups/${groupId}/agenda?apikey=${BENCH_API_KEY}&token=${token}&from=${monday()}&days=7`;
    const first = await fetch(`http://127.0.0.1:${port}${path}`);
    const body = await first.text();
    if (!first.ok) throw new Error(`agenda → ${first.status} ${body.slice(0, 300)}`);
    const answer = JSON.parse(body) as { appointments: unknown[]; calendars: unknown[] };
    console.log(
      `agenda of the week: ${answer.calendars.length} calendars, ${answer.appointments.length} appointments, ${Math.round(body.length / 1024)} KB`,
    );
    const line = (s: RateRun, seconds: number) =>
      `${s.targetRate} req/s for ${seconds} s: achieved ${s.achievedRate}/s, p50 ${s.latencyMs.p50} ms, p95 ${s.latencyMs.p95} ms, ` +
      `p99 ${s.latencyMs.p99} ms, max ${s.latencyMs.max} ms, errors ${s.errors}, non-2xx ${s.non2xx} → ${passes(s) ? 'PASS' : 'FAIL'}`;
    // What a browser sends: the server answers compressed, as it does to the back office.
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    await fixedRate(port, [path], 50, 5, headers); // warm-up
    const target = await fixedRate(port, [path], TARGET_RATE, TARGET_SECONDS, headers);
    console.log(line(target, TARGET_SECONDS));
    const steps: RateRun[] = [];
    let sustainable = passes(target) ? TARGET_RATE : 0;
    for (const rate of passes(target) ? [150, 200, 300, 400] : [75, 50, 25]) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const step = await fixedRate(port, [path], rate, Math.min(10, TARGET_SECONDS), headers);
      steps.push(step);
      console.log(`  ${line(step, Math.min(10, TARGET_SECONDS))}`);
      if (passes(step)) sustainable = Math.max(sustainable, rate);
      if (passes(target) !== passes(step)) break;
    }
    console.log(`maximum sustainable rate (p99 ≤ ${P99_LIMIT_MS} ms, no errors): ${sustainable} req/s`);
    writeResults('agenda-http', {
      command: 'npm run bench -- agenda-http',
      setup: `npm start entry point with WORKERS=${benchWorkers()} on real PostgreSQL; open-loop fixed-rate generator in the bench process`,
      loadAverageBefore: loadBefore,
      loadAverageAfter: readFileSync('/proc/loadavg', 'utf8').trim(),
      group: {
        calendars: CALENDARS,
        appointmentsInWeek: APPOINTMENTS_IN_WEEK,
        answerKB: Math.round(body.length / 1024),
      },
      target: {
        ...target,
        pass: passes(target),
        requirement: `${TARGET_RATE} req/s for ${TARGET_SECONDS} s, p99 ≤ ${P99_LIMIT_MS} ms`,
      },
      steps,
      maxSustainableRate: sustainable,
    });
    if (!passes(target)) process.exitCode = 1;
  } finally {
    if (server) await stopBenchServer(server);
    await database.drop();
  }
}

await main();
