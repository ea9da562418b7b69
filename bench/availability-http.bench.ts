/**
 * GET availabletimeslots under load, on real PostgreSQL (issue 3 target, on this machine): a busy
 * group — 10 calendars, 1,000 appointments in the week, 38,000 in its history and future — must hold
 * 500 requests/s at a fixed arrival rate for 30 s with p99 ≤ 50 ms and no errors. Then the rate is
 * raised step by step to find the highest one that still meets p99 ≤ 50 ms without errors.
 *
 * The server runs as its own process (`npm start`'s entry point) on a database created for the run
 * and dropped afterwards; autocannon drives it from this process, correcting for coordinated
 * omission (latency counts from when each request was due, not when it could be sent).
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@creneau/server/db/connection';
import { migrateToLatest } from '@creneau/server/db/migrate';
import { importGroupConfig } from '@creneau/server/modules/group-config/group-config.service';
import pg from 'pg';
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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `creneau_bench_${process.pid}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const API_KEY = 'bench-key';
/** HTTP_BENCH_SECONDS=5 for a quick look; the target run lasts 30 s. */
const TARGET_SECONDS = Number(process.env.HTTP_BENCH_SECONDS ?? 30);
const ZONE = 'Europe/Paris';

async function admin(statement: string, url = adminUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

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
  const handle = await openDatabase({ databaseUrl: dbUrl, poolSize: 4 });
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

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_KEYS: API_KEY,
      LOAD_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(
        `http://127.0.0.1:${port}/api/v3/services/groups/bench-busy.json?apikey=${API_KEY}`,
      );
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start within 60 s');
}

function summary(rate: number, r: CannonResult) {
  return {
    targetRate: rate,
    achievedRate: Math.round(r.requests.total / r.duration),
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
  };
}

const passes = (s: ReturnType<typeof summary>) =>
  s.errors === 0 && s.non2xx === 0 && s.latencyMs.p99 <= 50 && s.achievedRate >= s.targetRate * 0.95;

async function main() {
  await admin(`drop database if exists ${dbName} with (force)`);
  await admin(`create database ${dbName}`);
  let server: ChildProcess | undefined;
  try {
    const { groupId, services, calendars } = await seed();
    await admin('analyze', dbUrl);
    const port = await freePort();
    server = await startServer(port);
    const today = localDate(Date.now());
    const base = `/api/v3/groups/${groupId}/availabletimeslots?apikey=${API_KEY}&locale=fr&time_format=datetime&group_id=${groupId}`;
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
    const run = async (rate: number, seconds: number) =>
      summary(
        rate,
        await autocannon({
          url: `http://127.0.0.1:${port}`,
          connections: Math.max(20, Math.ceil(rate / 10)),
          overallRate: rate,
          duration: seconds,
          requests: paths.map((p) => ({ method: 'GET', path: p })),
        }),
      );

    await run(200, 5); // warm-up: JIT, pool, PostgreSQL caches
    const target = await run(500, TARGET_SECONDS);
    console.log(
      `500 req/s for ${TARGET_SECONDS} s: achieved ${target.achievedRate}/s, p50 ${target.latencyMs.p50} ms, p90 ${target.latencyMs.p90} ms, ` +
        `p99 ${target.latencyMs.p99} ms, max ${target.latencyMs.max} ms, errors ${target.errors}, non-2xx ${target.non2xx} → ` +
        (passes(target) ? 'PASS' : 'FAIL'),
    );
    const steps: ReturnType<typeof summary>[] = [];
    let sustainable = passes(target) ? 500 : 0;
    for (const rate of [600, 700, 800, 900, 1000, 1200, 1400, 1600, 2000]) {
      const step = await run(rate, Math.min(10, TARGET_SECONDS));
      steps.push(step);
      console.log(
        `  ${rate} req/s for 10 s: achieved ${step.achievedRate}/s, p99 ${step.latencyMs.p99} ms, errors ${step.errors + step.non2xx} → ${passes(step) ? 'ok' : 'over'}`,
      );
      if (!passes(step)) break;
      sustainable = rate;
    }
    console.log(`maximum sustainable rate (p99 ≤ 50 ms, no errors, 10 s steps): ${sustainable} req/s`);
    writeResults('availability-http', {
      command: 'npm run bench -- availability-http',
      setup:
        'server process on real PostgreSQL, autocannon (coordinated omission corrected) in the bench process',
      group: { calendars: 10, appointmentsInWeek: 1000, requests: paths.map((p) => p.replace(base, '')) },
      target: { ...target, pass: passes(target), requirement: '500 req/s for 30 s, p99 ≤ 50 ms, no errors' },
      steps,
      maxSustainableRate: sustainable,
    });
    if (!passes(target)) process.exitCode = 1;
  } finally {
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await admin(`drop database if exists ${dbName} with (force)`);
  }
}

await main();
