/**
 * "No preference" bookings lock only the calendar they take (docs/booking.md "Lock, then re-check
 * with the engine"), on real PostgreSQL: PGlite has one connection, so nothing overlaps there.
 *
 * - Whatever the number of calendars, their capacities, the slots and the requests fired together,
 *   exactly min(requests, capacity) bookings are written per slot, and no calendar holds more than
 *   its capacity at any instant (fast-check over groups and races).
 * - A booking whose preferred calendar another transaction holds does not wait for it: it takes a
 *   calendar nobody holds, while the other transaction still holds its lock.
 */

import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { databaseUrl } from './support/postgres-urls.ts';
import { type RawAnswer, rawJsonRequest } from './support/raw-request.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { createPostgresDatabase } from './support/test-db.ts';

const SLOT_TAKEN = 'v3_error.appointment.availabletimeslots';
const TIMEOUT_MS = 180_000;

const everyDay = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['08:00', '20:00']]]),
);

/** A group of `capacities.length` calendars doing one 30-minute service. */
function groupOf(urlname: string, capacities: readonly number[]) {
  return {
    urlname,
    name: urlname,
    settings: { timezone: 'UTC', locale: 'fr', rules: { min_notice_minutes: 60 } },
    interventions: [{ externid: 'cut', name: 'cut', publicname: 'cut', length: 30, price: 2000 }],
    calendars: capacities.map((capacity, i) => ({
      externid: `c${i}`,
      name: `c${i}`,
      publicname: `c${i}`,
      capacity,
      slot_step: 30,
      weekly: everyDay,
      interventions: [{ intervention: 'cut' }],
    })),
  };
}

type Answer = RawAnswer;

/** POST on a connection of its own: each request is a separate client. */
function post(port: number, payload: unknown): Promise<Answer> {
  return rawJsonRequest(port, 'POST', `/api/v3/appointments?apikey=${TEST_API_KEY}`, payload);
}

const hasPostgres = Boolean(inject('postgresTemplate'));

describe.runIf(hasPostgres)('"no preference" locks only what it takes [postgres]', () => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let port: number;
  let serial = 0;

  beforeAll(async () => {
    handle = await createPostgresDatabase(30);
    t = await createTestApp(handle, { now: '2026-11-23T08:00:00Z' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.app.close();
    await handle?.close();
  });

  async function newGroup(capacities: readonly number[]) {
    const groupId = (await importGroupConfig(t.ctx.db, groupOf(`np-${++serial}`, capacities))).id;
    const calendars = await t.ctx.db
      .selectFrom('calendars')
      .select(['id', 'capacity'])
      .where('group_id', '=', groupId)
      .orderBy('id')
      .execute();
    const service = await t.ctx.db
      .selectFrom('interventions')
      .select('id')
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    return { groupId, calendars, service: service.id };
  }

  /** A new customer's "no preference" booking (no calendar_id). */
  const noPreference = (groupId: number, service: number, start: string) => {
    serial++;
    return {
      appointment: {
        date: start,
        group_id: groupId,
        from_web: 1,
        fiche: { firstname: `C${serial}`, lastname: 'Np', email: `np${serial}@example.com` },
        intervention_ids: [service],
      },
    };
  };

  /** Confirmed appointments per (calendar, start) of the group. */
  async function usage(groupId: number) {
    const { rows } = await sql<{ calendar_id: number; starts_at: Date; n: number }>`
      select calendar_id, starts_at, count(*)::int as n from appointments
      where group_id = ${groupId} and status = 'confirmed'
      group by calendar_id, starts_at`.execute(t.ctx.db);
    return rows;
  }

  it(
    'N calendars, K slots, requests fired together: exactly min(requests, capacity) per slot, never over a calendar',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 1, maxLength: 4 }),
          fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }),
          async (capacities, requestsPerSlot) => {
            const { groupId, calendars, service } = await newGroup(capacities);
            const capacity = capacities.reduce((a, b) => a + b, 0);
            const starts = requestsPerSlot.map(
              (_, k) => `2026-11-24T${String(9 + k).padStart(2, '0')}:00:00Z`,
            );
            const bodies = requestsPerSlot.flatMap((count, k) =>
              Array.from({ length: count }, () => noPreference(groupId, service, starts[k]!)),
            );
            const answers = await Promise.all(bodies.map((body) => post(port, body)));
            for (const answer of answers)
              if (answer.status !== 201)
                expect([answer.status, answer.body.message]).toEqual([409, SLOT_TAKEN]);
            const rows = await usage(groupId);
            const capacityOf = new Map(calendars.map((c) => [c.id, c.capacity]));
            for (const row of rows) expect(row.n).toBeLessThanOrEqual(capacityOf.get(row.calendar_id)!);
            requestsPerSlot.forEach((count, k) => {
              const booked = rows
                .filter((r) => r.starts_at.getTime() === new Date(starts[k]!).getTime())
                .reduce((sum, r) => sum + r.n, 0);
              expect(booked, `slot ${k}`).toBe(Math.min(count, capacity));
            });
            expect(answers.filter((a) => a.status === 201)).toHaveLength(
              requestsPerSlot.reduce((sum, count) => sum + Math.min(count, capacity), 0),
            );
          },
        ),
        { numRuns: 12 },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'a booking whose preferred calendar another transaction holds takes a free one without waiting',
    async () => {
      const { groupId, calendars, service } = await newGroup([1, 1]);
      const [first, second] = calendars;
      // Another transaction holds the calendar the engine would pick (least booked, then lowest id).
      const client = await lockingClient();
      try {
        await client.query('begin');
        await client.query('select id from calendars where id = $1 for update', [first!.id]);
        const start = '2026-11-25T10:00:00Z';
        const answer = await Promise.race([
          post(port, noPreference(groupId, service, start)),
          new Promise<Answer>((resolve) =>
            setTimeout(() => resolve({ status: 0, body: 'waited', headers: {} }), 10_000),
          ),
        ]);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        expect(answer.body.records[0].calendar.id).toBe(second!.id);
      } finally {
        await client.query('rollback');
        await client.end();
      }
    },
    TIMEOUT_MS,
  );

  /** A connection of its own to the test database, outside the application's pool. */
  async function lockingClient(): Promise<pg.Client> {
    const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(t.ctx.db);
    const client = new pg.Client({ connectionString: databaseUrl(rows[0]!.db) });
    await client.connect();
    return client;
  }
});
