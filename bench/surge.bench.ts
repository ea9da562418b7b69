/**
 * The nine o'clock release (docs/benchmarks.md "Surge"): a town hall's 10 counters open 300
 * twenty-minute passport appointments at a set minute, and 3,000 visitors arrive over 10 s around
 * it, each with its own e-mail and its own client address behind a trusted proxy (TRUST_PROXY=true,
 * one X-Forwarded-For address each, the per-address rate limits left on: RATE_LIMIT_SCALE=1).
 *
 * Each visitor loads the slot list (after Retry-After on a 503, politely again until the release),
 * books a random start among those listed — so they collide — and on a 409 "just taken" picks one of
 * the answer's `next_slots`; it gives up once the list is empty after the release. The release is the
 * group's real scheduled release (`rules.release`, docs/group-configuration.md "Scheduled release"):
 * the server has no settable clock, so the bench waits for the next minute boundary far enough ahead
 * and configures the release for that minute, day and time in the group's zone. A release day is at
 * most the 28th; on the 29th–31st (or with SURGE_RELEASE=import) the release is instead the import
 * of the opening hours at that moment, on the bench's own connection.
 *
 * Two server processes (`npm start`'s entry point, WORKERS=2) on a PostgreSQL database created for
 * the run and dropped after it; /health/live is polled every 100 ms throughout. After the run the
 * appointments table is checked: every slot booked exactly once, nobody with two. The bench exits
 * non-zero if a slot is sold twice, a visitor holds two bookings, a 5xx other than 503 or a request
 * without an answer appears, anything shows or books before the release, or the 300 are not all sold
 * (there are always visitors left: 3,000 for 300).
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { civilFromDay, dayFromCivil, isoDateOfDay, MINUTES_PER_DAY } from '@creneau/core/time/civil-day';
import { formatWallClock } from '@creneau/core/time/wall-clock';
import { zoneOffsets } from '@creneau/core/time/zone-offsets';
import { openDatabase } from '@creneau/server/db/connection';
import { migrateToLatest } from '@creneau/server/db/migrate';
import { importGroupConfig } from '@creneau/server/modules/group-config/group-config.service';
import pg from 'pg';
import { BENCH_API_KEY, benchDatabase, freePort, startBenchServer, stopBenchServer } from './bench-server.ts';
import { summarize, writeResults } from './results.ts';

const database = benchDatabase('creneau_bench_surge');
const URLNAME = 'bench-surge';
const ZONE = 'Europe/Paris';
const VISITORS = Number(process.env.SURGE_VISITORS ?? 3000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const COUNTERS = 10;
const SERVICE_MINUTES = 20;
/** One day's opening of every counter: 09:00–19:00, 30 starts of 20 minutes each. */
const OPENING = ['09:00', '19:00'] as const;
const SLOTS = COUNTERS * (((19 - 9) * 60) / SERVICE_MINUTES);
/** Visitors start arriving this long before the release, and keep arriving over the window. */
const LEAD_MS = 5_000;
const ARRIVAL_WINDOW_MS = 10_000;
/** Everything stops this long after the release, whatever is still under way. */
const RUN_LIMIT_MS = 60_000;
const LIVENESS_EVERY_MS = 100;
/** SURGE_BENCH_PRIORITY=-10 runs the server and this process ahead of other work (as root). */
const PRIORITY = process.env.SURGE_BENCH_PRIORITY ? Number(process.env.SURGE_BENCH_PRIORITY) : undefined;

type Mode = 'scheduled' | 'import';
const forcedMode = process.env.SURGE_RELEASE;
if (forcedMode !== undefined && forcedMode !== 'scheduled' && forcedMode !== 'import')
  throw new Error(`SURGE_RELEASE must be scheduled or import, got ${forcedMode}`);

// ---------------------------------------------------------------------------------------------
// The group

/** The local day of the month and wall-clock time of an instant (epoch ms) in the group's zone. */
function local(instant: number): { day: number; time: string } {
  const minute = zoneOffsets(ZONE).localMinuteOf(Math.floor(instant / 60_000));
  const [, , day] = civilFromDay(Math.floor(minute / MINUTES_PER_DAY));
  return { day, time: formatWallClock(minute % MINUTES_PER_DAY) };
}

/** The first date of the month after the one of `instant` (epoch ms), in the group's zone. */
function firstOfNextMonth(instant: number): string {
  const [year, month] = civilFromDay(zoneOffsets(ZONE).localDayOf(Math.floor(instant / 60_000)));
  return isoDateOfDay(month === 12 ? dayFromCivil(year + 1, 1, 1) : dayFromCivil(year, month + 1, 1));
}

interface Release {
  day_of_month: number;
  time: string;
  months_ahead: number;
}

/** The town hall: 10 counters, one 20-minute service, open on `openingDay` only (if given). */
function townHall(openingDay: string | null, release: Release | null) {
  return {
    urlname: URLNAME,
    name: 'Mairie — passeports (surge bench)',
    settings: {
      timezone: ZONE,
      locale: 'fr',
      maxrdv_period: 90 * 24 * 60,
      rules: { min_notice_minutes: 60, release },
    },
    interventions: [
      { externid: 'passport', name: 'Passeport', publicname: 'Passeport', length: SERVICE_MINUTES, price: 0 },
    ],
    calendars: Array.from({ length: COUNTERS }, (_, i) => ({
      externid: `counter-${i + 1}`,
      name: `Guichet ${i + 1}`,
      publicname: `Guichet ${i + 1}`,
      slot_step: SERVICE_MINUTES,
      weekly: {},
      exceptions: openingDay
        ? [
            {
              kind: 'opening',
              from: `${openingDay}T${OPENING[0]}`,
              to: `${openingDay}T${OPENING[1]}`,
              label: 'Passeports',
            },
          ]
        : [],
      interventions: [{ intervention: 'passport' }],
    })),
    forms: {
      fiche: [
        { name: 'firstname', type: 'text', label: 'Prénom', required: true },
        { name: 'lastname', type: 'text', label: 'Nom', required: true },
        { name: 'email', type: 'email', label: 'E-mail', required: true },
      ],
    },
  };
}

type Handle = Awaited<ReturnType<typeof openDatabase>>;

/** Imports the town hall's configuration on the bench's own connection, as `npm run group` does. */
async function importTownHall(handle: Handle, openingDay: string | null, release: Release | null) {
  const { id: groupId } = await importGroupConfig(handle.db, townHall(openingDay, release) as never);
  const service = await handle.db
    .selectFrom('interventions')
    .select('id')
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return { groupId, service: service.id };
}

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  body: string;
  retryAfter: number | undefined;
  ms: number;
  /** Why there was no answer (status 0). */
  error?: string;
}

/** The connections of the proxy in front: shared by every visitor, as a proxy pools its upstream. */
const visitorAgent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const livenessAgent = new http.Agent({ keepAlive: true });
/**
 * The hard stop: every request still open is destroyed and every wait ends. Kept as a set and a
 * list rather than one AbortSignal with a listener per request and per wait, which thousands of
 * visitors would make slow to add to and remove from.
 */
const stopAll = {
  stopped: false,
  open: new Set<http.ClientRequest>(),
  sleepers: new Set<() => void>(),
  stop() {
    this.stopped = true;
    for (const request of this.open) request.destroy(new Error('stopped'));
    for (const wake of this.sleepers) wake();
  },
};

function send(
  port: number,
  agent: http.Agent,
  method: 'GET' | 'POST',
  pathname: string,
  headers: Record<string, string>,
  body?: string,
  /** Visitors wait as a browser does, until the hard stop; the liveness probe gives up sooner. */
  timeoutMs?: number,
  /** false: not cut by the hard stop. */
  stoppable = true,
): Promise<Answer> {
  const started = performance.now();
  const failed = (error: Error): Answer => ({
    status: 0,
    body: '',
    retryAfter: undefined,
    ms: performance.now() - started,
    error: error.message,
  });
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method,
        agent,
        headers: body
          ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const retryAfter = Number(response.headers['retry-after']);
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
            ms: performance.now() - started,
          });
        });
        response.on('error', (error) => resolve(failed(error)));
      },
    );
    if (stoppable) {
      if (stopAll.stopped) request.destroy(new Error('stopped'));
      stopAll.open.add(request);
      request.on('close', () => stopAll.open.delete(request));
    }
    if (timeoutMs !== undefined) request.setTimeout(timeoutMs, () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(failed(error)));
    request.end(body);
  });
}

// ---------------------------------------------------------------------------------------------
// What the run counts

type Kind = 'list' | 'book';
const statuses: Record<Kind, Map<number, number>> = { list: new Map(), book: new Map() };
const latencies: Record<Kind, number[]> = { list: [], book: [] };
/** The same without the 503s: the answers that did the work (a list, a booking or its refusal). */
const served: Record<Kind, number[]> = { list: [], book: [] };
const firstAnswers = new Map<string, string>(); // first body of each unexpected status, for the report
let networkErrors = 0;
let abortedAtStop = 0;
/** Bookings sent but unanswered at the hard stop: they may have been taken all the same. */
let bookingsCutAtStop = 0;
/** Answers that broke the release: slots shown, or a booking taken, before it. */
let shownBeforeRelease = 0;
let bookedBeforeRelease = 0;
const soldAt: number[] = [];

function count(kind: Kind, answer: Answer) {
  if (answer.status === 0) {
    if (stopAll.stopped) abortedAtStop++;
    else {
      networkErrors++;
      if (!firstAnswers.has(`${kind} network`)) firstAnswers.set(`${kind} network`, answer.error ?? '');
    }
    return;
  }
  statuses[kind].set(answer.status, (statuses[kind].get(answer.status) ?? 0) + 1);
  latencies[kind].push(answer.ms);
  if (answer.status !== 503) served[kind].push(answer.ms);
  const expected = kind === 'list' ? [200, 503] : [201, 409, 429, 503];
  const key = `${kind} ${answer.status}`;
  if (!expected.includes(answer.status) && !firstAnswers.has(key))
    firstAnswers.set(key, answer.body.slice(0, 300));
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || stopAll.stopped) return resolve();
    const wake = () => {
      clearTimeout(timer);
      stopAll.sleepers.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    stopAll.sleepers.add(wake);
  });
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
/** The web app's wait after a 503 (apps/web/src/api/busy-retry.ts): the delay plus up to half again, 1–30 s. */
const busyWait = (seconds: number | undefined) =>
  Math.min(30_000, Math.max(1_000, (seconds ?? 5) * 1000 * (1 + Math.random() / 2)));

interface SlotView {
  start: string;
  capacity: number;
}
interface SlotList {
  availabletimeslots: SlotView[];
  release: { bookable_until: string; next_release_at: string } | null;
}

type Outcome = 'booked' | 'soldOut' | 'rateLimited' | 'refused' | 'serverError' | 'stopped';

interface Run {
  port: number;
  groupId: number;
  service: number;
  openingDay: string;
  mode: Mode;
  releaseAt: number;
  /** When the opening hours were imported (import mode): the announced time as visitors learn it. */
  opened: () => number | undefined;
}

/** One visitor, from arrival to a booking or giving up. */
async function visitor(run: Run, n: number): Promise<Outcome> {
  const address = `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`; // RFC 2544's benchmark range
  const headers = { 'x-forwarded-for': address };
  const listPath =
    `/api/v3/groups/${run.groupId}/availabletimeslots?apikey=${BENCH_API_KEY}&locale=fr&time_format=datetime` +
    `&start=${run.openingDay}&nDays=7&intervention_ids[]=${run.service}&calendar_id=0`;
  const fiche = { firstname: `Visiteur${n}`, lastname: 'Surge', email: `visitor${n}@example.com` };

  const released = (list: SlotList, sentAt: number) =>
    run.mode === 'scheduled'
      ? list.release !== null && list.release.bookable_until >= run.openingDay
      : run.opened() !== undefined && sentAt >= run.opened()!;

  /** The slot list once it can be read and the release has come; null when nothing is left. */
  const loadList = async (): Promise<SlotView[] | null> => {
    while (!stopAll.stopped) {
      const sentAt = Date.now();
      const answer = await send(run.port, visitorAgent, 'GET', listPath, headers);
      count('list', answer);
      if (answer.status === 503) {
        await sleep(busyWait(answer.retryAfter));
        continue;
      }
      if (answer.status !== 200) return null;
      const list = JSON.parse(answer.body) as SlotList;
      const slots = list.availabletimeslots;
      if (slots.length > 0 && Date.now() <= run.releaseAt && run.mode === 'scheduled') shownBeforeRelease++;
      if (slots.length > 0) return slots;
      if (released(list, sentAt)) return null; // sold out
      // Not open yet: look again politely, and soon after the announced time.
      const wait = 1_000 + Math.random() * 1_000;
      const untilRelease = run.releaseAt - Date.now();
      await sleep(untilRelease > 0 ? Math.min(wait, untilRelease + Math.random() * 1_000) : wait);
    }
    return null;
  };

  let slots = await loadList();
  while (slots && !stopAll.stopped) {
    let slot = pick(slots);
    let key = randomUUID();
    for (;;) {
      const body = JSON.stringify({
        appointment: {
          date: slot.start,
          group_id: run.groupId,
          from_web: 1,
          intervention_ids: [run.service],
          calendar_id: 0,
          fiche,
        },
      });
      const answer = await send(
        run.port,
        visitorAgent,
        'POST',
        `/api/v3/appointments?apikey=${BENCH_API_KEY}`,
        {
          ...headers,
          'idempotency-key': key,
        },
        body,
      );
      count('book', answer);
      if (answer.status === 0) {
        if (stopAll.stopped) bookingsCutAtStop++;
        return 'stopped';
      }
      if (answer.status === 503) {
        await sleep(busyWait(answer.retryAfter)); // the same booking again, with the same key
        if (stopAll.stopped) return 'stopped';
        continue;
      }
      if (answer.status === 201) {
        soldAt.push(Date.now());
        if (Date.now() <= run.releaseAt) bookedBeforeRelease++;
        return 'booked';
      }
      if (answer.status === 409) {
        const next = (JSON.parse(answer.body) as { next_slots?: SlotView[] }).next_slots ?? [];
        if (next.length === 0) break; // back to the slot list
        slot = pick(next);
        key = randomUUID();
        continue;
      }
      if (answer.status === 429) {
        const wait = (answer.retryAfter ?? 60) * 1000 * (1 + Math.random() / 10);
        if (Date.now() + wait >= run.releaseAt + RUN_LIMIT_MS) return 'rateLimited';
        await sleep(wait);
        break;
      }
      return answer.status >= 500 ? 'serverError' : 'refused';
    }
    slots = await loadList();
  }
  return stopAll.stopped ? 'stopped' : 'soldOut';
}

/** GET /health/live every 100 ms, each on its own schedule whatever the previous one does. */
function pollLiveness(port: number) {
  const samples: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const pending: Promise<void>[] = [];
  const timer = setInterval(() => {
    pending.push(
      send(port, livenessAgent, 'GET', '/health/live', {}, undefined, 5_000, false).then((answer) => {
        if (answer.status === 200) samples.push(answer.ms);
        else if (!(answer.status === 0 && stopAll.stopped)) {
          failures++;
          firstFailure ??=
            answer.status === 0 ? answer.error : `${answer.status} ${answer.body.slice(0, 200)}`;
        }
      }),
    );
  }, LIVENESS_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    const s = summarize(samples.length ? samples : [Number.POSITIVE_INFINITY]);
    return { polls: pending.length, answered: samples.length, failures, firstFailure, ms: s };
  };
}

/**
 * Why the 503s were sent: `creneau_overload_refusals_total` by cause (docs/operations.md "Metrics"),
 * read from /metrics on fresh connections, which the processes take in turn. The metrics name no
 * process, so each process is told apart by its start time and its counters (still after the run):
 * two processes with the same figures would be counted once, which `processesRead` would show.
 */
async function overloadRefusals(port: number, processes: number) {
  const seen = new Map<string, Record<string, number>>();
  for (let attempt = 0; attempt < 20 && seen.size < processes; attempt++) {
    const agent = new http.Agent({ keepAlive: false });
    // After the hard stop: a request of its own, not cut by it.
    const answer = await send(port, agent, 'GET', '/metrics', {}, undefined, 10_000, false);
    agent.destroy();
    if (answer.status !== 200) continue;
    const causes: Record<string, number> = {};
    for (const [, cause, value] of answer.body.matchAll(
      /^creneau_overload_refusals_total\{cause="([a-z_]+)"\} (\S+)$/gm,
    ))
      causes[cause!] = Number(value);
    const started = /^process_start_time_seconds (\S+)$/m.exec(answer.body)?.[1];
    seen.set(`${started} ${JSON.stringify(causes)}`, causes);
  }
  const total: Record<string, number> = {};
  for (const causes of seen.values())
    for (const [cause, n] of Object.entries(causes)) total[cause] = (total[cause] ?? 0) + n;
  return { processesRead: seen.size, ...total };
}

// ---------------------------------------------------------------------------------------------
// After the run: what the database holds

async function checkDatabase(groupId: number, openingDay: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const one = async (sql: string) => (await client.query(sql, [groupId])).rows[0] as Record<string, string>;
    const booked = await one(
      `select count(*) as appointments, count(distinct (calendar_id, starts_at)) as slots,
              count(*) filter (where to_char(starts_at at time zone '${ZONE}', 'YYYY-MM-DD') <> '${openingDay}') as off_day
         from appointments where group_id = $1 and status = 'confirmed'`,
    );
    // Each start against its calendar's capacity; then overlaps, not only equal starts.
    const perSlot = await one(
      `select count(*) filter (where n > capacity) as over, coalesce(max(n), 0) as most from (
         select count(*) as n, c.capacity
           from appointments a join calendars c on c.id = a.calendar_id
          where a.group_id = $1 and a.status = 'confirmed'
          group by a.calendar_id, a.starts_at, c.capacity) as o`,
    );
    const overlaps = await one(
      `select count(*) as pairs from appointments a join appointments b
          on a.calendar_id = b.calendar_id and a.id < b.id
         and a.starts_at < b.ends_at and b.starts_at < a.ends_at
       where a.group_id = $1 and a.status = 'confirmed' and b.status = 'confirmed'`,
    );
    const overLimit = await one(
      `select count(*) as visitors from (
         select lower(f.email) from appointments a join fiches f on f.id = a.fiche_id
          where a.group_id = $1 and a.status = 'confirmed' group by lower(f.email) having count(*) > 1) as v`,
    );
    return {
      appointments: Number(booked.appointments),
      distinctSlotsBooked: Number(booked.slots),
      bookedOffTheOpeningDay: Number(booked.off_day),
      slotsOverCapacity: Number(perSlot.over),
      mostBookingsOnOneSlot: Number(perSlot.most),
      overlappingPairs: Number(overlaps.pairs),
      visitorsOverLimit: Number(overLimit.visitors),
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').trim();
const round = (ms: number) => Math.round(ms * 10) / 10;
const figures = (samples: number[]) => {
  const s = summarize(samples.length ? samples : [Number.NaN]);
  return { n: s.n, p50: round(s.median), p95: round(s.p95), p99: round(s.p99), max: round(s.max) };
};
const tally = (map: Map<number, number>) =>
  Object.fromEntries([...map.entries()].sort(([a], [b]) => a - b).map(([k, v]) => [String(k), v]));

async function main() {
  if (PRIORITY !== undefined) os.setPriority(PRIORITY);
  const loadAtStart = loadAverage();
  await database.create();
  let server: ChildProcess | undefined;
  let config: Handle | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-bench-surge-'));
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  try {
    config = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    await migrateToLatest(config.db);
    // Closed until the bench sets the release: no opening hours yet.
    const { groupId, service } = await importTownHall(config, null, null);
    const port = await freePort();
    server = await startBenchServer({
      databaseUrl: database.url,
      port,
      urlname: URLNAME,
      workers: WORKERS,
      priority: PRIORITY,
      env: {
        DATA_DIR: dataDir,
        TRUST_PROXY: 'true',
        // Each visitor has its own address: the per-address limits stay as deployed.
        RATE_LIMIT_SCALE: '1',
      },
    });
    console.log(`server: ${WORKERS} processes, TRUST_PROXY=true, RATE_LIMIT_SCALE=1`);

    // The release: the next minute far enough ahead for the visitors to start arriving before it.
    const releaseAt = Math.ceil((Date.now() + LEAD_MS + 5_000) / 60_000) * 60_000;
    const at = local(releaseAt);
    const mode: Mode = (forcedMode as Mode | undefined) ?? (at.day <= 28 ? 'scheduled' : 'import');
    const openingDay = firstOfNextMonth(releaseAt);
    let opened: number | undefined;
    if (mode === 'scheduled') {
      await importTownHall(config, openingDay, { day_of_month: at.day, time: at.time, months_ahead: 1 });
      console.log(
        `scheduled release: day ${at.day} at ${at.time} ${ZONE} (${new Date(releaseAt).toISOString()}) opens ${openingDay}`,
      );
    } else {
      console.log(`release by import of ${openingDay}'s hours at ${new Date(releaseAt).toISOString()}`);
    }

    // Before the release nothing shows and nothing books (an address of its own, not a visitor's).
    const probe = { 'x-forwarded-for': '198.19.255.1' };
    const early = await send(
      port,
      visitorAgent,
      'GET',
      `/api/v3/groups/${groupId}/availabletimeslots?apikey=${BENCH_API_KEY}&start=${openingDay}&nDays=7&intervention_ids[]=${service}&calendar_id=0`,
      probe,
    );
    const earlyList = early.status === 200 ? (JSON.parse(early.body) as SlotList) : undefined;
    const earlyBooking = await send(
      port,
      visitorAgent,
      'POST',
      `/api/v3/appointments?apikey=${BENCH_API_KEY}`,
      probe,
      JSON.stringify({
        appointment: {
          date: `${openingDay} 09:00:00`,
          group_id: groupId,
          intervention_ids: [service],
          fiche: { firstname: 'Early', lastname: 'Bird', email: 'early@example.com' },
        },
      }),
    );
    const beforeRelease = {
      listStatus: early.status,
      slotsShown: earlyList?.availabletimeslots.length ?? null,
      release: earlyList?.release ?? null,
      bookingStatus: earlyBooking.status,
    };
    console.log(`before the release: ${JSON.stringify(beforeRelease)}`);

    await sleep(releaseAt - LEAD_MS - Date.now() - 1_000);
    const stopLiveness = pollLiveness(port);
    clientLag.enable();
    await sleep(releaseAt - LEAD_MS - Date.now());
    const hardStop = setTimeout(() => stopAll.stop(), releaseAt + RUN_LIMIT_MS - Date.now());
    const run: Run = { port, groupId, service, openingDay, mode, releaseAt, opened: () => opened };
    const started = Date.now();
    const visitors = Array.from({ length: VISITORS }, (_, n) =>
      sleep(Math.random() * ARRIVAL_WINDOW_MS).then(() => visitor(run, n)),
    );
    if (mode === 'import') {
      await sleep(releaseAt - Date.now());
      await importTownHall(config, openingDay, null);
      opened = Date.now();
      console.log(`hours imported ${opened - releaseAt} ms after the release time`);
    }
    const outcomes = await Promise.all(visitors);
    clearTimeout(hardStop);
    const finishedAt = Date.now();
    const liveness = await stopLiveness();
    clientLag.disable();

    const refusals = await overloadRefusals(port, WORKERS);
    const stored = await checkDatabase(groupId, openingDay);
    const byOutcome = Object.fromEntries(
      (['booked', 'soldOut', 'rateLimited', 'refused', 'serverError', 'stopped'] as const).map((o) => [
        o,
        outcomes.filter((x) => x === o).length,
      ]),
    );
    const all = (status: number) => (statuses.list.get(status) ?? 0) + (statuses.book.get(status) ?? 0);
    const serverErrors = [...statuses.list, ...statuses.book]
      .filter(([status]) => status >= 500 && status !== 503)
      .reduce((sum, [, n]) => sum + n, 0);
    soldAt.sort((a, b) => a - b);
    const result = {
      release: {
        mode,
        at: new Date(releaseAt).toISOString(),
        zone: ZONE,
        openingDay,
        firstArrival: new Date(started).toISOString(),
        arrivalWindowSeconds: ARRIVAL_WINDOW_MS / 1000,
        runEndedSecondsAfterRelease: round((finishedAt - releaseAt) / 1000),
      },
      beforeRelease,
      slots: SLOTS,
      visitors: VISITORS,
      outcomes: byOutcome,
      stored,
      answers: {
        slotList: tally(statuses.list),
        booking: tally(statuses.book),
        sent503: all(503),
        conflicts409: all(409),
        rateLimited429: all(429),
        serverErrorsExcept503: serverErrors,
        networkErrors,
        abortedAtStop,
        bookingsCutAtStop,
        overloadRefusalsByCause: refusals,
        unexpected: Object.fromEntries(firstAnswers),
      },
      shownBeforeRelease,
      bookedBeforeRelease,
      latencyMs: {
        slotList: figures(latencies.list),
        booking: figures(latencies.book),
        slotListWithout503: figures(served.list),
        bookingWithout503: figures(served.book),
      },
      soldOut: {
        sold: soldAt.length,
        secondsAfterRelease: soldAt.length >= SLOTS ? round((soldAt[SLOTS - 1]! - releaseAt) / 1000) : null,
        firstSaleSecondsAfterRelease: soldAt.length ? round((soldAt[0]! - releaseAt) / 1000) : null,
      },
      liveness: {
        everyMs: LIVENESS_EVERY_MS,
        polls: liveness.polls,
        failures: liveness.failures,
        firstFailure: liveness.firstFailure ?? null,
        p50: round(liveness.ms.median),
        p99: round(liveness.ms.p99),
        max: round(liveness.ms.max),
      },
      benchEventLoopDelayMs: {
        p50: round(clientLag.percentile(50) / 1e6),
        p99: round(clientLag.percentile(99) / 1e6),
        max: round(clientLag.max / 1e6),
      },
    };

    const failures: string[] = [];
    if (stored.slotsOverCapacity > 0 || stored.overlappingPairs > 0)
      failures.push(
        `${stored.slotsOverCapacity} slot(s) sold beyond capacity, ${stored.overlappingPairs} overlapping pair(s)`,
      );
    if (stored.visitorsOverLimit > 0)
      failures.push(`${stored.visitorsOverLimit} visitor(s) with more than one booking`);
    if (serverErrors > 0) failures.push(`${serverErrors} 5xx answer(s) other than 503`);
    if (networkErrors > 0) failures.push(`${networkErrors} request(s) without an answer`);
    if (stored.distinctSlotsBooked < SLOTS || stored.appointments !== SLOTS)
      failures.push(
        `${stored.distinctSlotsBooked} of ${SLOTS} slots sold (${stored.appointments} appointments) while ${VISITORS - byOutcome.booked!} visitors were left (${byOutcome.stopped} still trying at the stop)`,
      );
    if (stored.bookedOffTheOpeningDay > 0)
      failures.push(`${stored.bookedOffTheOpeningDay} booked off the opening day`);
    if (stored.appointments < soldAt.length || stored.appointments > soldAt.length + bookingsCutAtStop)
      failures.push(
        `${soldAt.length} bookings answered 201 (${bookingsCutAtStop} cut at the stop) but ${stored.appointments} in the database`,
      );
    if (
      beforeRelease.listStatus !== 200 ||
      beforeRelease.slotsShown !== 0 ||
      beforeRelease.bookingStatus !== 409
    )
      failures.push(
        `before the release: ${JSON.stringify(beforeRelease)} (expected an empty list and a 409)`,
      );
    if (shownBeforeRelease > 0 || bookedBeforeRelease > 0)
      failures.push(
        `${shownBeforeRelease} list(s) with slots and ${bookedBeforeRelease} booking(s) before the release`,
      );

    console.log(JSON.stringify(result, null, 2));
    console.log(
      `${stored.distinctSlotsBooked}/${SLOTS} slots booked exactly once, sold out ` +
        `${result.soldOut.secondsAfterRelease ?? '—'} s after the release; 5xx other than 503: ${serverErrors}; ` +
        `503 ${all(503)}, 409 ${all(409)}, 429 ${all(429)}; slot list p50/p95/p99 ` +
        `${result.latencyMs.slotList.p50}/${result.latencyMs.slotList.p95}/${result.latencyMs.slotList.p99} ms, ` +
        `booking ${result.latencyMs.booking.p50}/${result.latencyMs.booking.p95}/${result.latencyMs.booking.p99} ms; ` +
        `liveness p50/p99/max ${result.liveness.p50}/${result.liveness.p99}/${result.liveness.max} ms`,
    );
    writeResults('surge', {
      command: 'npm run bench -- surge',
      setup: `npm start entry point with WORKERS=${WORKERS}, TRUST_PROXY=true, RATE_LIMIT_SCALE=1, on real PostgreSQL; ${VISITORS} visitors (own e-mail and X-Forwarded-For address each) from the bench process on the same cores`,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadAverage(),
      priority: PRIORITY ?? 0,
      group: {
        counters: COUNTERS,
        capacity: 1,
        service: `${SERVICE_MINUTES} minutes`,
        opening: OPENING.join('–'),
      },
      ...result,
      pass: failures.length === 0,
      failures,
    });
    if (failures.length > 0) {
      console.error(`FAIL:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    } else console.log('PASS');
  } finally {
    stopAll.stop();
    visitorAgent.destroy();
    livenessAgent.destroy();
    await config?.close();
    if (server) await stopBenchServer(server);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
