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
import { openDatabase } from '@creneau/server/db/connection';
import { migrateToLatest } from '@creneau/server/db/migrate';
import { hashPassword } from '@creneau/server/modules/accounts/password-hashing';
import { importGroupConfig } from '@creneau/server/modules/group-config/group-config.service';
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
const CALENDARS = 20;
const APPOINTMENTS_IN_WEEK = 5_000;
const ZONE = 'Europe/Paris';
const OWNER = { email: 'owner@bench.example', password: 'Bench-Agenda-2026!' };

/** The Monday of this week, in the group's zone. */
function monday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

async function seed(): Promise<number> {
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  try {
    await migrateToLatest(handle.db);
    const hours = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['07:00', '21:00']]]),
    );
    const { id: groupId } = await importGroupConfig(handle.db, {
      urlname: 'bench-agenda',
      name: 'Agenda bench',
      settings: { timezone: ZONE },
      interventions: [{ externid: 'visit', name: 'Visit', publicname: 'Visit', length: 10, price: 2000 }],
      calendars: Array.from({ length: CALENDARS }, (_, i) => ({
        externid: `staff-${i + 1}`,
        name: `Staff ${i + 1}`,
        publicname: `Staff ${i + 1}`,
        weekly: hours,
        interventions: [{ intervention: 'visit' }],
      })),
    } as never);
    const service = await handle.db
      .selectFrom('interventions')
      .select('id')
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    const calendars = (
      await handle.db
        .selectFrom('calendars')
        .select('id')
        .where('group_id', '=', groupId)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    const account = await handle.db
      .insertInto('accounts')
      .values({
        email: OWNER.email,
        password_hash: await hashPassword(OWNER.password),
        role: 'pro',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('pro_groups')
      .values({ account_id: account.id, group_id: groupId, role: 'owner' })
      .execute();
    // 5,000 ten-minute appointments over the week: 250 per calendar, 7 days × 84 ten-minute places.
    const fiches = await handle.db
      .insertInto('fiches')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          group_id: groupId,
          firstname: `Customer`,
          lastname: `${i + 1}`,
          email: `customer${i + 1}@example.com`,
          fields: '{}',
        })),
      )
      .returning('id')
      .execute();
    const start = Date.parse(`${monday()}T06:00:00Z`); // 07:00 in Paris in winter
    const rows = [];
    for (let n = 0; n < APPOINTMENTS_IN_WEEK; n++) {
      const calendar = calendars[n % CALENDARS]!;
      const place = Math.floor(n / CALENDARS); // 0 … 249, spread over the week
      const day = place % 7;
      const slot = Math.floor(place / 7) * 2; // every other ten minutes
      const startsAt = new Date(start + day * 86_400_000 + slot * 10 * 60_000);
      rows.push({
        group_id: groupId,
        fiche_id: fiches[n % fiches.length]!.id,
        intervention_id: service.id,
        calendar_id: calendar,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 10 * 60_000),
        duration: 10,
        vevent: '{}',
      });
    }
    for (let i = 0; i < rows.length; i += 1000)
      await handle.db
        .insertInto('appointments')
        .values(rows.slice(i, i + 1000))
        .execute();
    console.log(`seeded ${CALENDARS} calendars and ${rows.length} appointments in the week of ${monday()}`);
    return groupId;
  } finally {
    await handle.close();
  }
}

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
    const groupId = await seed();
    await database.admin('analyze', database.url);
    const port = await freePort();
    server = await startBenchServer({ databaseUrl: database.url, port, urlname: 'bench-agenda' });
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
