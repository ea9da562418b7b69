/**
 * WORKERS=2 on real PostgreSQL: `npm start`'s process prepares the database, then two server
 * processes share the port; one that dies is replaced; SIGTERM stops them all. And the settings a
 * single process cannot honour are refused at start.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { sampleGroup } from './support/fixtures.ts';
import { databaseUrl } from './support/postgres-urls.ts';
import { request, ServerProcess } from './support/server-process.ts';
import { TEST_API_KEY } from './support/test-app.ts';
import { createPostgresDatabase } from './support/test-db.ts';

/** The live children of a process, from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid && state !== 'Z') children.push(Number(name));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

async function until<T>(check: () => T | undefined, what: string): Promise<T> {
  // Generous: starting three Node processes on a 2-core machine busy with the rest of the suite.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('WORKERS', () => {
  it('is a whole number from 1 to 64, above 1 only with DATABASE_URL', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-workers-'));
    expect(readConfig({ DATA_DIR: dataDir }).workers).toBe(1);
    expect(readConfig({ DATA_DIR: dataDir, WORKERS: '4', DATABASE_URL: 'postgres://x/y' }).workers).toBe(4);
    for (const bad of ['0', '1.5', 'two', '65']) {
      expect(() => readConfig({ DATA_DIR: dataDir, WORKERS: bad, DATABASE_URL: 'postgres://x/y' })).toThrow(
        /WORKERS must be a whole number/,
      );
    }
    expect(() => readConfig({ DATA_DIR: dataDir, WORKERS: '2' })).toThrow(/needs DATABASE_URL/);
  });
});

describe.runIf(Boolean(inject('postgresTemplate')))('several server processes [postgres]', () => {
  let handle: DatabaseHandle;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    handle = await createPostgresDatabase(2);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-workers-'));
    server = new ServerProcess({
      DATABASE_URL: databaseUrl(rows[0]!.name),
      DATA_DIR: dataDir,
      API_KEYS: TEST_API_KEY,
      LOAD_DEMO: 'false',
      WORKERS: '2',
      // Two processes starting under tsx on a shared machine lag their loops for a while: what is
      // tested here is the cluster, not the overload shedding (overload.integration.test.ts).
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
  });
  afterAll(async () => {
    await server.kill();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serve together on one port, hear the bookings made through each other, replace one that dies, and all stop on SIGTERM', async () => {
    const readyPath = `/api/v3/services/groups/none.json?apikey=${TEST_API_KEY}`;
    await server.start(readyPath, 404);
    const primary = server.child!.pid!;
    // Each server process says when it listens; killing the only one listening would close the port.
    const listening = () => server.listened;
    await until(() => (listening() >= 2 ? true : undefined), 'two server processes listening');
    const workers = await until(() => {
      const pids = childrenOf(primary);
      return pids.length === 2 ? pids : undefined;
    }, 'two server processes');

    const answer = await request(server.port, 'GET', readyPath);
    expect(answer.body.message).toBe('groupDoesNotExist');

    process.kill(workers[0]!, 'SIGKILL');
    const replaced = await until(() => {
      const pids = childrenOf(primary);
      return pids.length === 2 && !pids.includes(workers[0]!) ? pids : undefined;
    }, 'a new server process');
    expect(replaced).toContain(workers[1]);
    await until(() => (listening() >= 3 ? true : undefined), 'the new server process listening');
    // The port keeps answering throughout.
    expect((await request(server.port, 'GET', readyPath)).status).toBe(404);

    // Slot answers kept by each process: a booking through either is heard by both.
    const groupId = (await importGroupConfig(handle.db, sampleGroup({ urlname: 'two-processes' }))).id;
    const idOf = async (table: 'calendars' | 'interventions', externid: string) =>
      (
        await handle.db
          .selectFrom(table)
          .select('id')
          .where('group_id', '=', groupId)
          .where('externid', '=', externid)
          .executeTakeFirstOrThrow()
      ).id;
    const [alice, cut] = [await idOf('calendars', 'alice'), await idOf('interventions', 'cut')];
    const monday = new Date(Date.now() + 7 * 86_400_000);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const week = `/api/v3/groups/${groupId}/availabletimeslots?apikey=${TEST_API_KEY}&start=${monday.toISOString().slice(0, 10)}&intervention_ids[]=${cut}&calendar_id=${alice}`;
    const starts = async () =>
      ((await request(server.port, 'GET', week)).body.availabletimeslots as { start: string }[]).map(
        (s) => s.start,
      );
    // Each new connection goes to either process: enough asks warm both.
    const before = await starts();
    for (let i = 0; i < 10; i++) expect(await starts()).toEqual(before);
    const booked = await request(server.port, 'POST', `/api/v3/appointments?apikey=${TEST_API_KEY}`, {
      appointment: {
        from_web: 1,
        date: before[0],
        group_id: groupId,
        calendar_id: alice,
        intervention_ids: [cut],
        fiche: { firstname: 'Deux', lastname: 'Process', email: 'deux.process@example.com' },
      },
    });
    expect(booked.status).toBe(201);
    // Well past the notification's delay docs/availability.md measures.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await starts();
    expect(after).not.toContain(before[0]);
    expect(after.length).toBeLessThan(before.length);
    for (let i = 0; i < 10; i++) expect(await starts()).toEqual(after);
    // A configuration change made anywhere (here at the database) is heard by both.
    await sql`update groups set settings = jsonb_set(settings, '{rules,min_notice_minutes}', '43200')
      where id = ${groupId}`.execute(handle.db);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let i = 0; i < 10; i++) expect(await starts()).toEqual([]);

    await server.kill('SIGTERM');
    expect(server.child!.exitCode).toBe(0);
    expect(childrenOf(primary)).toEqual([]);
  }, 240_000);
});
