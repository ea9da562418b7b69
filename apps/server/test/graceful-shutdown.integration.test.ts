/**
 * Graceful shutdown of the real server process (the production build, as `npm start` runs it), on
 * real PostgreSQL: SIGTERM arrives while many requests are in flight, some of them slow (their body
 * still on its way). Readiness turns 503 at once while the server keeps serving for the drain
 * delay; then it stops accepting connections, answers every request already in flight, closes its
 * pool and exits 0 — so a rolling restart behind a load balancer loses no request.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { databaseUrl } from './support/postgres-urls.ts';
import { request, ServerProcess } from './support/server-process.ts';
import { TEST_API_KEY } from './support/test-app.ts';
import { createPostgresDatabase } from './support/test-db.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const outdir = path.join(serverDir, 'dist', `test-shutdown-${process.pid}`);

const DRAIN_DELAY_MS = 1500;
/** The longest the whole shutdown may take once SIGTERM is sent, slow bodies included. */
const EXIT_BOUND_MS = 15_000;
const FAST_BOOKINGS = 16;
const SLOW_BOOKINGS = 3;

const hours = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['06:00', '22:00']]]),
);

function shutdownGroup() {
  return {
    urlname: 'shutdown-salon',
    name: 'Shutdown salon',
    settings: { timezone: 'UTC', locale: 'fr', rules: { min_notice_minutes: 60 } },
    interventions: [{ externid: 'cut', name: 'cut', publicname: 'cut', length: 15, price: 1000 }],
    calendars: ['a', 'b'].map((externid) => ({
      externid,
      name: externid,
      publicname: externid,
      capacity: 1,
      slot_step: 15,
      weekly: hours,
      interventions: [{ intervention: 'cut' }],
    })),
  };
}

/** A POST whose body arrives in two parts; `finish()` sends the rest and resolves with the answer. */
function slowPost(port: number, url: string, payload: unknown) {
  const body = Buffer.from(JSON.stringify(payload));
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const answered = new Promise<{ status: number; body: any }>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const json = text.slice(text.indexOf('\r\n\r\n') + 4);
      try {
        resolve({ status, body: JSON.parse(json) });
      } catch {
        reject(new Error(`not a JSON answer: ${text}`));
      }
    });
  });
  const started = new Promise<void>((resolve) => {
    socket.on('connect', () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body.subarray(0, body.length / 2), () => resolve());
    });
  });
  return {
    started,
    finish: () => {
      socket.write(body.subarray(body.length / 2));
      return answered;
    },
  };
}

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(Boolean(inject('postgresTemplate')))('graceful shutdown on SIGTERM [postgres]', () => {
  let handle: DatabaseHandle;
  let server: ServerProcess;
  let dataDir: string;
  let groupId: number;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(serverDir, 'build.mjs'), outdir], { stdio: 'pipe' });
    handle = await createPostgresDatabase(2);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
    groupId = (await importGroupConfig(handle.db, shutdownGroup())).id;
    for (const table of ['interventions', 'calendars'] as const) {
      for (const row of await handle.db
        .selectFrom(table)
        .select(['id', 'externid'])
        .where('group_id', '=', groupId)
        .execute())
        id[row.externid] = row.id;
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-shutdown-'));
    server = new ServerProcess(
      {
        DATABASE_URL: databaseUrl(rows[0]!.name),
        DATA_DIR: dataDir,
        API_KEYS: TEST_API_KEY,
        LOAD_DEMO: 'false',
        NODE_ENV: 'production',
        SHUTDOWN_DELAY_MS: String(DRAIN_DELAY_MS),
        SHUTDOWN_TIMEOUT_MS: '20000',
        // Many bookings from one address: the rate limits are not what this test is about.
        RATE_LIMIT_SCALE: '10000',
      },
      ['--enable-source-maps', path.relative(repoRoot, path.join(outdir, 'main.js'))],
    );
    // In the hook, whose time limit is longer: a busy machine can take half a minute to start it.
    await server.start('/health/ready');
  });
  afterAll(async () => {
    await server?.kill();
    await handle?.close();
    rmSync(outdir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const bookUrl = `/api/v3/appointments?apikey=${TEST_API_KEY}`;
  /** The nth booking: a quarter-hour of its own, two days from now, so none competes for a slot. */
  function nthBooking(n: number) {
    const day = Math.floor(Date.now() / 86_400_000) + 2;
    const start = new Date((day * 1440 + 6 * 60 + Math.floor(n / 2) * 15) * 60_000).toISOString();
    return {
      appointment: {
        date: start,
        group_id: groupId,
        from_web: 1,
        intervention_ids: [id.cut],
        calendar_id: n % 2 === 0 ? id.a : id.b,
        fiche: { firstname: `Drain${n}`, lastname: 'Test', email: `drain${n}@example.com` },
      },
    };
  }

  it('finishes every request in flight, turns readiness 503 first, and exits 0 in bounded time', async () => {
    const port = server.port;
    const slow = Array.from({ length: SLOW_BOOKINGS }, (_, i) => slowPost(port, bookUrl, nthBooking(i)));
    await Promise.all(slow.map((post) => post.started));
    const fast = Array.from({ length: FAST_BOOKINGS }, (_, i) =>
      request(port, 'POST', bookUrl, nthBooking(SLOW_BOOKINGS + i)),
    );
    const reads = Array.from({ length: 8 }, () =>
      request(port, 'GET', `/api/v3/groups/${groupId}/interventions?apikey=${TEST_API_KEY}`),
    );
    // Let the fast requests reach the server before the signal.
    await sleep(50);

    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.child!.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const signalledAt = Date.now();
    server.child!.kill('SIGTERM');

    // Draining: still serving, but no longer ready, so a load balancer stops sending traffic.
    await sleep(300);
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    expect(ready.headers.get('connection')).toBe('close');
    expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);

    // After the drain delay it accepts no new connection, while the slow requests are still in flight
    // (they hold the process until finish() below). Looked at until it stops accepting, within a
    // bound: on a loaded machine the delay's timer and the listener's close come late (it once
    // still accepted 500 ms after the delay, in a CI run at load 6).
    await sleep(DRAIN_DELAY_MS);
    const closedBy = Date.now() + 5_000;
    while ((await accepts(port)) && Date.now() < closedBy) await sleep(100);
    expect(await accepts(port)).toBe(false);
    expect(server.child!.exitCode).toBeNull();

    const slowAnswers = await Promise.all(slow.map((post) => post.finish()));
    const fastAnswers = await Promise.all(fast);
    const readAnswers = await Promise.all(reads);
    for (const answer of [...slowAnswers, ...fastAnswers])
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    for (const answer of readAnswers) expect(answer.status).toBe(200);

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(EXIT_BOUND_MS);
    expect(server.output).toMatch(/"msg":"stopped in \d+ ms"/);

    // Every booking answered 201 is in the database, once.
    const held = await handle.db
      .selectFrom('appointments')
      .innerJoin('fiches', 'fiches.id', 'appointments.fiche_id')
      .select(['fiches.email'])
      .where('appointments.group_id', '=', groupId)
      .where('appointments.status', '=', 'confirmed')
      .execute();
    const emails = held.map((row) => row.email).sort();
    const expected = Array.from(
      { length: SLOW_BOOKINGS + FAST_BOOKINGS },
      (_, n) => `drain${n}@example.com`,
    ).sort();
    expect(emails).toEqual(expected);
  });
});
