/**
 * GET availabletimeslots under load, on real PostgreSQL (docs/benchmarks.md, on this machine): a busy
 * group — 10 calendars, 1,000 appointments in the week, 38,000 in its history and future — must hold
 * 500 requests/s at a fixed arrival rate for 30 s with p99 ≤ 50 ms and no errors. Then the rate is
 * raised step by step to find the highest one that still meets p99 ≤ 50 ms without errors.
 *
 * The server runs as its own process (`npm start`'s entry point) on a database created for the run
 * and dropped afterwards; the load comes from this process.
 *
 * Fixed arrival rate: autocannon's `overallRate` does not give one — each connection sends its
 * share of a second back to back when the second starts (lib/httpClient.js, `reqsMadeThisSecond`),
 * so the server sees a burst every second, and its coordinated-omission correction uses an interval
 * of ceil(1 / rate) = 1 ms. The fixed-rate runs therefore use a small open-loop generator below:
 * request i is due at start + i / rate, sent on a keep-alive pool, and its latency counts from when
 * it was due, so a slow server cannot hide its queue. autocannon (closed loop, 16 connections)
 * still measures the raw throughput.
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { openDatabase } from '@creneau/server/db/connection';
import { migrateToLatest } from '@creneau/server/db/migrate';
import { importGroupConfig } from '@creneau/server/modules/group-config/group-config.service';
import {
  BENCH_API_KEY,
  benchDatabase,
  benchWorkers,
  freePort,
  processStat,
  startBenchServer,
  stopBenchServer,
} from './bench-server.ts';
import { fixedRate, type RateRun } from './fixed-rate.ts';
import { writeResults } from './results.ts';

interface Histogram {
  average: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  p99_9: number;
  max: number;
}
interface CannonResult {
  requests: Histogram & { total: number; sent: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
type Cannon = (options: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const database = benchDatabase('creneau_bench');
/**
 * HTTP_BENCH_SECONDS=5 for a quick look; the target run lasts 30 s. HTTP_BENCH_PRIORITY=-10 runs the
 * server and the load generator ahead of other work on a shared machine (PostgreSQL keeps its own).
 */
const PRIORITY = process.env.HTTP_BENCH_PRIORITY ? Number(process.env.HTTP_BENCH_PRIORITY) : undefined;
const TARGET_SECONDS = Number(process.env.HTTP_BENCH_SECONDS ?? 30);
/**
 * AVAILABILITY_BENCH_MISS_ONLY=1 measures only what a miss (nothing kept) and a kept answer cost
 * at the same rates, for comparing two builds quickly. The rates are AVAILABILITY_BENCH_MISS_RATES
 * (default 200,500,1000): a request's CPU includes the processes' waking for it, which more
 * requests a second share, so one rate alone says little. AVAILABILITY_PROFILE_DIR=dir runs the
 * miss server as one process under `node --cpu-prof` and leaves its profile in dir
 * (bench/profile-summary.ts reads it).
 */
const STEP_SECONDS = Math.min(10, TARGET_SECONDS);
const MISS_ONLY = process.env.AVAILABILITY_BENCH_MISS_ONLY === '1';
const MISS_RATES = (process.env.AVAILABILITY_BENCH_MISS_RATES ?? '200,500,1000').split(',').map(Number);
/** The full run's miss measurement keeps its one rate, as its earlier figures were taken at. */
const FULL_RUN_MISS_RATE = 200;
const PROFILE_DIR = process.env.AVAILABILITY_PROFILE_DIR;
const ZONE = 'Europe/Paris';

const localDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(ms);

/** Deterministic pseudo-random numbers. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const hours = {
  mon: [['08:00', '20:00']],
  tue: [['08:00', '20:00']],
  wed: [['08:00', '20:00']],
  thu: [['08:00', '20:00']],
  fri: [['08:00', '20:00']],
  sat: [['08:00', '20:00']],
};

async function seed(): Promise<{ groupId: number; services: Record<string, number>; calendars: number[] }> {
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  try {
    await migrateToLatest(handle.db);
    const calendars = Array.from({ length: 10 }, (_, i) => ({
      externid: `staff-${i + 1}`,
      name: `Staff ${i + 1}`,
      publicname: `Staff ${i + 1}`,
      slot_step: 15,
      weekly: hours,
      interventions: [{ intervention: 'cut' }, { intervention: 'color', duration: 75 }],
      exceptions:
        i === 3
          ? [
              {
                kind: 'absence',
                from: `${localDate(Date.now() + 2 * 86_400_000)}T12:00`,
                to: `${localDate(Date.now() + 2 * 86_400_000)}T16:00`,
              },
            ]
          : [],
    }));
    const { id: groupId } = await importGroupConfig(handle.db, {
      urlname: 'bench-busy',
      name: 'Busy salon',
      settings: { timezone: ZONE, rules: { min_notice_minutes: 60 } },
      interventions: [
        { externid: 'cut', name: 'Cut', publicname: 'Cut', length: 30, price: 3000 },
        { externid: 'color', name: 'Colour', publicname: 'Colour', length: 60, price: 6000 },
      ],
      calendars,
      promotions: [
        { externid: 'sat', label: 'Saturday', percent: 15, weekdays: ['sat'], interventions: ['cut'] },
      ],
    } as never);
    const services = Object.fromEntries(
      (
        await handle.db
          .selectFrom('interventions')
          .select(['id', 'externid'])
          .where('group_id', '=', groupId)
          .execute()
      ).map((r) => [r.externid, r.id]),
    );
    const calendarIds = (
      await handle.db
        .selectFrom('calendars')
        .select('id')
        .where('group_id', '=', groupId)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    const fiche = await handle.db
      .insertInto('fiches')
      .values({ group_id: groupId, firstname: 'Bench', lastname: 'Customer', fields: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 1,000 half-hour appointments a week over the 10 calendars (100 each among their 144 half
    // hours), from 26 weeks back to 12 weeks ahead: the searched week is as busy as the others.
    const next = random(7);
    const today = localDate(Date.now());
    const todayMidnight = Date.parse(`${today}T00:00:00Z`);
    let inWeek = 0;
    let total = 0;
    for (let week = -26; week < 12; week++) {
      const rows = [];
      for (const calendarId of calendarIds) {
        const chosen = new Set<number>();
        while (chosen.size < 100) chosen.add(Math.floor(next() * 144));
        for (const halfHour of chosen) {
          const day = Math.floor(halfHour / 24);
          const minute = 8 * 60 + (halfHour % 24) * 30;
          const date = new Date(todayMidnight + (week * 7 + day) * 86_400_000).toISOString().slice(0, 10);
          // Local wall clock to instant: the offset of that date in Paris.
          const offsetName = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })
            .format(Date.parse(`${date}T12:00:00Z`))
            .split('GMT')[1]!;
          const hh = String(Math.floor(minute / 60)).padStart(2, '0');
          const mm = String(minute % 60).padStart(2, '0');
          const start = new Date(`${date}T${hh}:${mm}:00${offsetName || '+00:00'}`);
          rows.push({
            group_id: groupId,
            fiche_id: fiche.id,
            intervention_id: services.cut!,
            calendar_id: calendarId,
            starts_at: start,
            ends_at: new Date(start.getTime() + 30 * 60_000),
            duration: 30,
            vevent: '{}',
          });
          if (week === 0) inWeek++;
        }
      }
      total += rows.length;
      await handle.db.insertInto('appointments').values(rows).execute();
    }
    console.log(`seeded ${total} appointments, ${inWeek} in the searched week`);
    return { groupId, services, calendars: calendarIds };
  } finally {
    await handle.close();
  }
}

/** `keptAnswers: false` starts it with SLOT_CACHE_MB=0: every request computes its answer. */
const startServer = (
  port: number,
  { keptAnswers = true, profileDir = undefined as string | undefined } = {},
) =>
  startBenchServer({
    databaseUrl: database.url,
    port,
    urlname: 'bench-busy',
    priority: PRIORITY,
    env: keptAnswers ? {} : { SLOT_CACHE_MB: '0' },
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`], workers: 1 } : {}),
  });

/** CPU per request (ms) of the server, PostgreSQL and this load generator over one run. */
async function measuredCpu(serverPid: number, run: () => Promise<RateRun>) {
  const before = cpuSeconds(serverPid);
  const wallBefore = performance.now();
  const result = await run();
  const after = cpuSeconds(serverPid);
  if (!before || !after) return { result, cpu: undefined };
  const wall = (performance.now() - wallBefore) / 1000;
  const used = (k: string) => after[k]! - before[k]!;
  const ours = used('server') + used('postgres') + used('client');
  const perRequest = (k: string) => Math.round((used(k) / result.requests) * 1e5) / 100;
  return {
    result,
    cpu: {
      perRequestMs: {
        server: perRequest('server'),
        postgres: perRequest('postgres'),
        client: perRequest('client'),
      },
      coresUsedByOtherProcesses: Math.round(((used('everything') - ours) / wall) * 100) / 100,
    },
  };
}

/** CPU seconds used so far by the server, this database's PostgreSQL backends, this process, and the rest. */
function cpuSeconds(serverPid: number): Record<string, number> | undefined {
  try {
    const out: Record<string, number> = { server: 0, postgres: 0, client: 0, everything: 0 };
    const hz = 100;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = processStat(pid);
        if (!stat) continue;
        const seconds = stat.cpuSeconds;
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (Number(pid) === serverPid || stat.ppid === serverPid) out.server! += seconds;
        else if (Number(pid) === process.pid) out.client! += seconds;
        else if (args.includes(database.name)) out.postgres! += seconds;
      } catch {
        // the process ended meanwhile
      }
    }
    const total = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    // user + nice + system + irq + softirq + steal, in clock ticks
    out.everything = (total[0]! + total[1]! + total[2]! + total[5]! + total[6]! + total[7]!) / hz;
    return out;
  } catch {
    return undefined;
  }
}

const passes = (s: RateRun) =>
  s.errors === 0 && s.non2xx === 0 && s.latencyMs.p99 <= 50 && s.achievedRate >= s.targetRate * 0.95;

/** The kept-answer runs: closed loop, the 500/s target, then steps up (or down) from it. */
async function keptAnswersRuns(
  server: ChildProcess,
  port: number,
  paths: string[],
  run: (rate: number, seconds: number) => Promise<RateRun>,
  line: (s: RateRun, seconds: number) => string,
) {
  await run(200, 5); // warm-up: JIT, pool, PostgreSQL caches
  const closed = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 16,
    duration: 10,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const throughput = {
    connections: 16,
    rate: Math.round(closed.requests.total / closed.duration),
    latencyMs: { p50: closed.latency.p50, p99: closed.latency.p99 },
    errors: closed.errors + closed.timeouts,
    non2xx: closed.non2xx,
  };
  console.log(
    `autocannon, 16 connections, closed loop, 10 s: ${throughput.rate} req/s, p50 ${throughput.latencyMs.p50} ms, p99 ${throughput.latencyMs.p99} ms`,
  );
  const { result: target, cpu } = await measuredCpu(server.pid!, () => run(500, TARGET_SECONDS));
  console.log(line(target, TARGET_SECONDS));
  console.log(`  CPU per request (ms) and cores taken by the rest of the machine: ${JSON.stringify(cpu)}`);
  // Up from 500 while it holds; down from 500 until it holds.
  const steps: RateRun[] = [];
  let sustainable = passes(target) ? 500 : 0;
  const rates = passes(target)
    ? [600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400]
    : [400, 350, 300, 250, 200, 150, 100, 50];
  for (const rate of rates) {
    await new Promise((resolve) => setTimeout(resolve, 2000)); // let any backlog drain
    const step = await run(rate, STEP_SECONDS);
    steps.push(step);
    console.log(`  ${line(step, STEP_SECONDS)}`);
    if (passes(target) && !passes(step)) break;
    if (passes(step)) {
      sustainable = Math.max(sustainable, rate);
      if (!passes(target)) break;
    }
  }
  console.log(
    `maximum sustainable rate (p99 ≤ 50 ms, no errors, ${STEP_SECONDS} s steps): ${sustainable} req/s`,
  );
  return { target, cpu, steps, sustainable, throughput };
}

/** What the idle server costs a second: the processes' own timers, shared by every request. */
async function idleCost(server: ChildProcess): Promise<number> {
  const idleBefore = serverCpuSeconds(server.pid!);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idleMsPerSecond = Math.round(((serverCpuSeconds(server.pid!) - idleBefore) / 5) * 1e4) / 10;
  console.log(`idle server: ${idleMsPerSecond} ms of CPU a second`);
  return idleMsPerSecond;
}

/** One measured run per rate, each after a 5 s warm-up at that rate. */
async function runsAtRates(
  server: ChildProcess,
  rates: number[],
  run: (rate: number, seconds: number) => Promise<RateRun>,
  describe: (s: RateRun) => string,
) {
  const runs = [];
  for (const rate of rates) {
    await run(rate, 5);
    const { result, cpu } = await measuredCpu(server.pid!, () => run(rate, STEP_SECONDS));
    console.log(describe(result));
    console.log(`  CPU per request (ms): ${JSON.stringify(cpu)}`);
    runs.push({ ...result, cpu });
  }
  return runs;
}

const serverCpuSeconds = (serverPid: number) => cpuSeconds(serverPid)?.server ?? 0;

async function main() {
  if (PRIORITY !== undefined) os.setPriority(PRIORITY);
  // Other work on the machine skews every figure: record how busy it was.
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
  await database.create();
  let server: ChildProcess | undefined;
  try {
    const { groupId, services, calendars } = await seed();
    await database.admin('analyze', database.url);
    const port = await freePort();
    server = await startServer(port);
    console.log(`server: ${benchWorkers()} process(es) (WORKERS; BENCH_WORKERS to change)`);
    const today = localDate(Date.now());
    const base = `/api/v3/groups/${groupId}/availabletimeslots?apikey=${BENCH_API_KEY}&locale=fr&time_format=datetime&group_id=${groupId}`;
    // What the booking page asks: the week from today with no preference, one calendar, the
    // colour service, and the next week.
    const paths = [
      `${base}&start=${today}&intervention_ids[]=${services.cut}&calendar_id=0&promotions=1`,
      `${base}&start=${today}&intervention_ids[]=${services.cut}&calendar_id=${calendars[2]}`,
      `${base}&start=${today}&appointments[0][intervention_id]=${services.color}&appointments[0][calendar_id]=0`,
      `${base}&start=${localDate(Date.now() + 7 * 86_400_000)}&intervention_ids[]=${services.cut}&calendar_id=0`,
    ];
    for (const p of paths) {
      const response = await fetch(`http://127.0.0.1:${port}${p}`);
      const body = (await response.json()) as { availabletimeslots?: unknown[] };
      if (!response.ok) throw new Error(`${p} → ${response.status} ${JSON.stringify(body)}`);
      console.log(`  ${body.availabletimeslots?.length} slots ← ${p.replace(base, '…')}`);
    }
    const run = (rate: number, seconds: number) => fixedRate(port, paths, rate, seconds);
    const line = (s: RateRun, seconds: number) =>
      `${s.targetRate} req/s for ${seconds} s: achieved ${s.achievedRate}/s, p50 ${s.latencyMs.p50} ms, ` +
      `p95 ${s.latencyMs.p95} ms, p99 ${s.latencyMs.p99} ms, max ${s.latencyMs.max} ms, errors ${s.errors}, ` +
      `non-2xx ${s.non2xx} → ${passes(s) ? 'PASS' : 'FAIL'}`;

    const kept = MISS_ONLY ? undefined : await keptAnswersRuns(server, port, paths, run, line);
    // What a miss is compared with: kept answers at the misses' rates (a kept answer's cost per
    // request falls as the rate rises, the processes' own idle work being shared by more).
    const idleServerMsPerSecond = MISS_ONLY ? await idleCost(server) : undefined;
    const keptAtMissRates = MISS_ONLY
      ? await runsAtRates(server, MISS_RATES, run, (r) => `kept answers: ${line(r, STEP_SECONDS)}`)
      : undefined;
    // The same requests with nothing kept: what a miss costs (every answer read and computed).
    await stopBenchServer(server);
    server = await startServer(port, { keptAnswers: false, profileDir: PROFILE_DIR });
    const missRuns = await runsAtRates(
      server,
      MISS_ONLY ? MISS_RATES : [FULL_RUN_MISS_RATE],
      run,
      (r) => `nothing kept (SLOT_CACHE_MB=0), every request a miss: ${line(r, STEP_SECONDS)}`,
    );
    if (MISS_ONLY) {
      writeResults('availability-http-miss', {
        command: 'AVAILABILITY_BENCH_MISS_ONLY=1 npm run bench -- availability-http',
        loadAverageBefore: loadBefore,
        loadAverageAfter: readFileSync('/proc/loadavg', 'utf8').trim(),
        idleServerMsPerSecond,
        byRate: MISS_RATES.map((rate, i) => ({
          rate,
          miss: missRuns[i],
          keptAnswer: keptAtMissRates?.[i],
        })),
      });
      return;
    }
    const missRun = missRuns[0]!;
    const { target, cpu, steps, sustainable, throughput } = kept!;
    writeResults('availability-http', {
      command: 'npm run bench -- availability-http',
      setup: `npm start entry point with WORKERS=${benchWorkers()} on real PostgreSQL; open-loop fixed-rate generator (latency from due time) and autocannon (closed loop) in the bench process`,
      loadAverageBefore: loadBefore,
      priority: PRIORITY ?? 0,
      loadAverageAfter: readFileSync('/proc/loadavg', 'utf8').trim(),
      group: { calendars: 10, appointmentsInWeek: 1000, requests: paths.map((p) => p.replace(base, '')) },
      target: {
        ...target,
        pass: passes(target),
        requirement: '500 req/s for 30 s, p99 ≤ 50 ms, no errors',
        cpu,
      },
      steps,
      maxSustainableRate: sustainable,
      autocannonClosedLoop: throughput,
      withoutKeptAnswers: missRun,
    });
    if (!passes(target)) process.exitCode = 1;
  } finally {
    if (server) await stopBenchServer(server);
    await database.drop();
  }
}

await main();
