/**
 * Rolling deploys (docs/operations.md, "Migrations and rolling deploys"): while the new release
 * migrates the database, the previous release keeps serving on the new schema.
 * 1. This code starts on a database a newer release has already migrated (Kysely alone would call
 *    it corrupted), and refuses one that lacks a migration it needs.
 * 2. The previous release's own code, taken from git, serves the booking journey over HTTP against
 *    a database migrated with every migration of this release.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { migrateToLatest, migrationNames } from '../src/db/migrate.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { checkReadiness } from '../src/operations/readiness.ts';
import { databaseUrl } from './support/postgres-urls.ts';
import { migrationsOf, previousReleaseCommit, unpackRelease } from './support/previous-release.ts';
import { request, ServerProcess } from './support/server-process.ts';
import { createTestApp, TEST_API_KEY } from './support/test-app.ts';
import { createPgliteDatabase, createPostgresDatabase } from './support/test-db.ts';

describe('a database migrated by a newer release', () => {
  it('is used as it is: nothing to migrate, and ready', async () => {
    const handle = await createPgliteDatabase();
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-release', now()::text)`.execute(
        handle.db,
      );
      await expect(migrateToLatest(handle.db)).resolves.toBeUndefined();
      expect(await checkReadiness(handle.db)).toEqual({ ready: true, database: 'ok', migrations: 'applied' });
    } finally {
      await handle.close();
    }
  });

  it('is refused when it lacks a migration this code needs', async () => {
    const handle = await createPgliteDatabase();
    try {
      const needed = migrationNames.at(-1)!;
      await sql`delete from kysely_migration where name = ${needed}`.execute(handle.db);
      await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-release', now()::text)`.execute(
        handle.db,
      );
      await expect(migrateToLatest(handle.db)).rejects.toThrow(
        new RegExp(`does not know \\(999-from-a-newer-release\\) but lacks ${needed}`),
      );
    } finally {
      await handle.close();
    }
  });
});

const hours = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['06:00', '22:00']]]),
);

function journeyGroup() {
  return {
    urlname: 'rolling-salon',
    name: 'Rolling salon',
    settings: { timezone: 'UTC', locale: 'fr', openData: true, rules: { min_notice_minutes: 60 } },
    interventions: [{ externid: 'cut', name: 'cut', publicname: 'Coupe', length: 30, price: 2500 }],
    calendars: [
      {
        externid: 'alice',
        name: 'Alice',
        publicname: 'Alice',
        capacity: 1,
        slot_step: 30,
        weekly: hours,
        interventions: [{ intervention: 'cut' }],
      },
    ],
  };
}

describe.runIf(Boolean(inject('postgresTemplate')))(
  "the previous release on this release's schema [postgres]",
  () => {
    const commit = previousReleaseCommit();
    let handle: DatabaseHandle;
    let previous: ServerProcess;
    let releaseDir: string;
    let dataDir: string;

    beforeAll(async () => {
      // Cloned from the template, which every migration of this release has been applied to.
      handle = await createPostgresDatabase(2);
      await importGroupConfig(handle.db, journeyGroup());
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
      releaseDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-previous-'));
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-previous-data-'));
      const launcher = unpackRelease(commit, releaseDir);
      previous = new ServerProcess(
        {
          DATABASE_URL: databaseUrl(rows[0]!.name),
          DATA_DIR: dataDir,
          API_KEYS: TEST_API_KEY,
          LOAD_DEMO: 'false',
        },
        ['--import', 'tsx', launcher],
      );
      // In the hook, whose time limit is longer: tsx compiles the old sources as they load.
      await previous.start(`/api/v3/services/groups/rolling-salon.json?apikey=${TEST_API_KEY}`);
    });
    afterAll(async () => {
      await previous?.kill('SIGTERM');
      await handle?.close();
      for (const dir of [releaseDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('is older than the schema: the database holds migrations its code does not know', () => {
      const known = migrationsOf(commit);
      expect(known.length).toBeGreaterThan(0);
      expect(migrationNames.slice(0, known.length)).toEqual(known);
      expect(migrationNames.length).toBeGreaterThan(known.length);
    });

    it('serves the booking journey, and this release sees what it booked', async () => {
      const key = `apikey=${TEST_API_KEY}`;
      const port = previous.port;

      // Find the group, its catalogue and a free slot two days ahead.
      const group = await request(port, 'GET', `/api/v3/services/groups/rolling-salon.json?${key}`);
      expect(group.status).toBe(200);
      const groupId = group.body.id as number;
      const services = await request(port, 'GET', `/api/v3/groups/${groupId}/interventions?${key}`);
      const calendars = await request(port, 'GET', `/api/v3/groups/${groupId}/calendars?${key}`);
      const cut = services.body.records[0].id as number;
      const alice = calendars.body.records[0].id as number;
      const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const slotsUrl = `/api/v3/groups/${groupId}/availabletimeslots?${key}&start=${day}&intervention_ids[]=${cut}&calendar_id=${alice}`;
      const offered = await request(port, 'GET', slotsUrl);
      expect(offered.status).toBe(200);
      const [first, second] = offered.body.availabletimeslots as { start: string }[];
      const appointment = (start: string, firstname: string) => ({
        appointment: {
          date: start,
          group_id: groupId,
          from_web: 1,
          intervention_ids: [cut],
          calendar_id: alice,
          fiche: { firstname, lastname: 'Martin', email: `${firstname.toLowerCase()}@example.com` },
        },
      });

      // Book; the same slot again is refused; a retried request with its key answers the first result.
      const booked = await request(
        port,
        'POST',
        `/api/v3/appointments?${key}`,
        appointment(first!.start, 'Lea'),
      );
      expect(booked.status).toBe(201);
      const taken = await request(
        port,
        'POST',
        `/api/v3/appointments?${key}`,
        appointment(first!.start, 'Zoe'),
      );
      expect(taken.status).toBe(409);
      const retried = await Promise.all(
        [0, 1].map(() =>
          request(
            port,
            'POST',
            `/api/v3/appointments?${key}`,
            appointment(second!.start, 'Ines'),
            'rolling-1',
          ),
        ),
      );
      expect(retried.map((answer) => answer.status)).toEqual([201, 201]);
      expect(retried.filter((answer) => answer.replayed)).toHaveLength(1);

      // The customer's list, then a cancellation, with the token the booking answered.
      const token = booked.body.fiche_token as string;
      const mine = await request(
        port,
        'GET',
        `/api/v3/appointments?${key}&token=${token}&group_id=${groupId}`,
      );
      expect(mine.status).toBe(200);
      const bookedId = booked.body.records[0].id as number;
      expect(JSON.stringify(mine.body)).toContain(`"id":${bookedId}`);
      const cancelled = await request(
        port,
        'POST',
        `/api/v3/groups/${groupId}/appointments/batch_delete?${key}&token=${retried[0]!.body.fiche_token}`,
        { appointments: [{ id: retried[0]!.body.records[0].id }] },
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.records[0].status).toBe('cancelled');

      // This release reads what the previous one wrote: one booking held, the other slot free again.
      const current = await createTestApp(handle, { now: new Date().toISOString() });
      try {
        const now = await current.get(
          `/api/v3/groups/${groupId}/availabletimeslots?start=${day}&intervention_ids[]=${cut}&calendar_id=${alice}`,
        );
        const starts = (now.body.availabletimeslots as { start: string }[]).map((slot) => slot.start);
        expect(starts).not.toContain(first!.start);
        expect(starts).toContain(second!.start);
        const rows = await handle.db
          .selectFrom('appointments')
          .select(['id', 'status'])
          .where('group_id', '=', groupId)
          .orderBy('id')
          .execute();
        expect(rows.map((row) => row.status)).toEqual(['confirmed', 'cancelled']);
        const mails = await handle.db
          .selectFrom('mail_outbox')
          .select('to_address')
          .where('group_id', '=', groupId)
          .execute();
        expect(mails.map((mail) => mail.to_address)).toEqual(
          expect.arrayContaining(['lea@example.com', 'ines@example.com']),
        );
      } finally {
        await current.app.close();
      }
    });
  },
);
