/**
 * What a first-time visitor's booking costs in round trips to PostgreSQL (docs/booking.md "What a
 * booking reads"), counted on the pool's connections: each exchange ends with one ReadyForQuery. A
 * change that adds a statement to every booking shows here, and must say why in that document.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { book, idsByExternid } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createPostgresDatabase, engines } from './support/test-db.ts';

/**
 * The group row, the attempt counters, the record (with BEGIN), the webhook endpoints, the calendar
 * and the person's own identities locked, the day with the catalogue version and the person, the
 * appointment, the batch (with COMMIT).
 */
const ROUND_TRIPS_OF_A_BOOKING = 8;

describe.runIf(engines().includes('postgres'))('a booking’s round trips to PostgreSQL', () => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let roundTrips = 0;
  let ids: Record<string, number>;
  let groupId: number;

  beforeAll(async () => {
    handle = await createPostgresDatabase(4);
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(handle, { now: '2026-11-23T08:00:00Z' });
    const config = sampleGroup({ urlname: 'round-trips', website: null }) as any;
    config.settings.rules = { ...config.settings.rules, min_notice_minutes: 0 };
    config.forms = { ...(config.forms ?? {}), vevent: [] };
    groupId = (await importGroupConfig(t.ctx.db, config)).id;
    ids = await idsByExternid(t, groupId);
    const counted = new WeakSet<pg.PoolClient>();
    handle.pool!.on('acquire', (client) => {
      if (counted.has(client)) return;
      counted.add(client);
      (client as unknown as { connection: pg.Connection }).connection.on('readyForQuery', () => roundTrips++);
    });
  });
  afterAll(async () => {
    await t.app.close();
    await handle.close();
  });

  const booking = (n: number, fiche: Record<string, unknown>) =>
    book(t, {
      date: `2026-12-0${n}T10:00:00+01:00`,
      group_id: groupId,
      fiche,
      intervention_ids: [ids.cut],
      calendar_id: ids.alice,
    });

  it('books a first-time visitor in a fixed number of round trips', async () => {
    // A first booking warms what the server keeps per process (the catalogue, prices, forms).
    expect((await booking(1, { firstname: 'Warm', lastname: 'Up', email: 'warm@example.com' })).status).toBe(
      201,
    );
    for (const [n, email] of ['lea@example.com', 'noe@example.com'].entries()) {
      const before = roundTrips;
      const answer = await booking(n + 2, { firstname: 'First', lastname: 'Visit', email });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(roundTrips - before).toBe(ROUND_TRIPS_OF_A_BOOKING);
    }
  });
});
