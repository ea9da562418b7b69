/**
 * The server process killed (SIGKILL) in the middle of a stream of bookings, then restarted on the
 * same PostgreSQL database (docs/booking.md). A booking is one transaction, so whatever the kill
 * interrupted is either wholly there or wholly absent: every booking answered 201 is there once with
 * its confirmation mail, nothing is half-written, nothing overlaps. Requests left without an answer
 * are retried after the restart with their Idempotency-Key: those that had committed answer their
 * first result, the others book now — so in the end each request holds exactly one booking.
 *
 * Real PostgreSQL only: the point is a real server process and a real database surviving it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { databaseUrl } from './support/postgres-urls.ts';
import { type Answer, request, ServerProcess } from './support/server-process.ts';
import { TEST_API_KEY } from './support/test-app.ts';
import { createPostgresDatabase } from './support/test-db.ts';

/** Acknowledged bookings before the kill; several more are in flight when it lands. */
const ACKNOWLEDGED_BEFORE_KILL = 40;
/** Clients streaming bookings at once. */
const CLIENTS = 4;

const hours = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['06:00', '22:00']]]),
);
const service = (externid: string) => ({
  externid,
  name: externid,
  publicname: externid,
  length: 15,
  price: 1000,
});
const calendar = (externid: string, capacity: number, services: string[]) => ({
  externid,
  name: externid,
  publicname: externid,
  capacity,
  slot_step: 15,
  weekly: hours,
  interventions: services.map((intervention) => ({ intervention })),
});

/** Single bookings on three calendars, packs (wash then dry) and chained bookings (cut then dry). */
function crashGroup() {
  return {
    urlname: 'crash-salon',
    name: 'Crash salon',
    settings: {
      timezone: 'UTC',
      locale: 'fr',
      rules: { min_notice_minutes: 60 },
      // The chained bookings hold two services.
      user_sequence_config: [{ name: 'intervention_ids', max_multirdvs: 2 }],
    },
    interventions: [service('cut'), service('wash'), service('dry')],
    packs: [
      {
        externid: 'duo',
        name: 'Duo',
        publicname: 'Duo',
        total_price: 1500,
        items: [{ intervention: 'wash' }, { intervention: 'dry' }],
      },
    ],
    calendars: [
      calendar('c1', 1, ['cut']),
      calendar('c2', 1, ['cut']),
      calendar('c3', 2, ['cut']),
      calendar('washer', 1, ['wash']),
      calendar('dryer', 2, ['dry']),
      calendar('chain-cut', 1, ['cut']),
      calendar('chain-dry', 1, ['dry']),
    ],
  };
}

interface Sent {
  key: string;
  email: string;
  kind: 'single' | 'pack' | 'chain';
  body: unknown;
  /** undefined: no answer (the server died with the request in flight) */
  answer?: Answer;
}

const hasPostgres = Boolean(inject('postgresTemplate'));

describe.runIf(hasPostgres)('booking survives a server crash [postgres]', () => {
  let handle: DatabaseHandle;
  let server: ServerProcess;
  let dataDir: string;
  let groupId: number;
  const id: Record<string, number> = {};
  const sent: Sent[] = [];

  beforeAll(async () => {
    handle = await createPostgresDatabase(4);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
    groupId = (await importGroupConfig(handle.db, crashGroup())).id;
    for (const table of ['interventions', 'calendars'] as const) {
      for (const row of await handle.db
        .selectFrom(table)
        .select(['id', 'externid'])
        .where('group_id', '=', groupId)
        .execute())
        id[row.externid!] = row.id;
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-crash-'));
    server = new ServerProcess({
      DATABASE_URL: databaseUrl(rows[0]!.name),
      DATA_DIR: dataDir,
      API_KEYS: TEST_API_KEY,
      LOAD_DEMO: 'false',
      NODE_ENV: 'production',
      // Hundreds of bookings from one address: the rate limits are not what this test is about.
      RATE_LIMIT_SCALE: '10000',
    });
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const readyUrl = () => `/api/v3/groups/${groupId}/interventions?apikey=${TEST_API_KEY}`;
  const bookUrl = `/api/v3/appointments?apikey=${TEST_API_KEY}`;

  /**
   * The nth request: a start of its own, a quarter of an hour after the previous one, from the day
   * after tomorrow (UTC) at 06:00, so nothing ever competes for a slot — a 409 would be a bug.
   */
  function nthBooking(n: number): Sent {
    const kind = (['single', 'single', 'pack', 'single', 'chain'] as const)[n % 5]!;
    const day = Math.floor(Date.now() / 86_400_000) + 2 + Math.floor(n / 64);
    const start = new Date((day * 1440 + 6 * 60 + (n % 64) * 15) * 60_000).toISOString();
    const single = ['c1', 'c2', 'c3'][n % 3]!;
    const selection =
      kind === 'pack'
        ? { appointments: { 0: { pack_id: id.duo } } }
        : kind === 'chain'
          ? {
              appointments: {
                0: { intervention_id: id.cut, calendar_id: id['chain-cut'] },
                1: { intervention_id: id.dry, calendar_id: id['chain-dry'] },
              },
            }
          : { intervention_ids: [id.cut], calendar_id: id[single] };
    const email = `crash${n}@example.com`;
    return {
      key: `crash-${n}`,
      email,
      kind,
      body: {
        appointment: {
          date: start,
          group_id: groupId,
          from_web: 1,
          fiche: { firstname: `Crash${n}`, lastname: 'Test', email },
          ...selection,
        },
      },
    };
  }

  /** What the database holds for one request: its fiches and their appointments. */
  async function heldFor(email: string) {
    return handle.db
      .selectFrom('fiches')
      .leftJoin('appointments', 'appointments.fiche_id', 'fiches.id')
      .select([
        'fiches.id as fiche_id',
        'appointments.id',
        'appointments.status',
        'consecutive_value',
        'type',
      ])
      .where('fiches.group_id', '=', groupId)
      .where('fiches.email', '=', email)
      .orderBy('appointments.starts_at')
      .execute();
  }

  const itemsOf = (kind: Sent['kind']) => (kind === 'single' ? 1 : 2);

  /** The table-wide checks: capacity at every instant, no orphan, no half-written booking. */
  async function checkTable() {
    const over = await sql<{ used_id: number }>`
      with usage as (
        select calendar_id as used_id, starts_at, ends_at from appointments where status = 'confirmed'
        union all
        select resource_id, starts_at, ends_at from appointments
          where status = 'confirmed' and resource_id is not null
      ),
      instants as (select distinct used_id, starts_at from usage)
      select i.used_id from instants i
      join usage u on u.used_id = i.used_id and u.starts_at <= i.starts_at and u.ends_at > i.starts_at
      join calendars c on c.id = i.used_id
      group by i.used_id, i.starts_at, c.capacity
      having count(*) > c.capacity`.execute(handle.db);
    expect(over.rows, 'over capacity').toEqual([]);

    const orphanFiches = await sql<{ id: number }>`
      select f.id from fiches f where f.group_id = ${groupId}
        and not exists (select 1 from appointments a where a.fiche_id = f.id)`.execute(handle.db);
    expect(orphanFiches.rows, 'fiches without their appointments').toEqual([]);
    const orphanAppointments = await sql<{ id: number }>`
      select a.id from appointments a left join fiches f on f.id = a.fiche_id
      where f.id is null`.execute(handle.db);
    expect(orphanAppointments.rows, 'appointments without their fiche').toEqual([]);

    const partial = await sql<{ consecutive_value: string }>`
      select a.consecutive_value from appointments a
      left join interventions p on p.id = a.pack_id
      where a.consecutive_value is not null
      group by a.consecutive_value
      having count(*) <> coalesce(max(jsonb_array_length(p.config)), 2)
        or count(*) filter (where a.type = 'first') <> count(distinct a.pack_id)
        or count(*) filter (where a.type = 'included' and a.parent_id is null) > 0`.execute(handle.db);
    expect(partial.rows, 'bookings written in part').toEqual([]);

    // Every booking and every idempotency record commit together.
    const { rows: keys } = await sql<{ bookings: number; keys: number }>`
      select (select count(distinct coalesce(consecutive_value, id::text))::int from appointments) as bookings,
             (select count(*)::int from idempotency_keys) as keys`.execute(handle.db);
    expect(keys[0]!.keys).toBe(keys[0]!.bookings);
  }

  /**
   * Whether a booking transaction of the server has inserted appointments and not yet committed:
   * the moment a kill hurts most (its fiche, appointments, tokens and mail are all half done).
   */
  async function bookingMidWrite(): Promise<boolean> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks l
      join pg_database d on d.oid = l.database and d.datname = current_database()
      where l.relation = 'appointments'::regclass and l.mode = 'RowExclusiveLock'
        and l.pid <> pg_backend_pid()`.execute(handle.db);
    return rows[0]!.n > 0;
  }

  it('every acknowledged booking survives a SIGKILL mid-stream, once, whole, with its mail', async () => {
    await server.start(readyUrl());
    let next = 0;
    let acknowledged = 0;
    let stopped = false;
    const client = async () => {
      while (!stopped) {
        const item = nthBooking(next++);
        sent.push(item);
        try {
          item.answer = await request(server.port, 'POST', bookUrl, item.body, item.key);
        } catch {
          continue; // connection reset by the kill: outcome unknown
        }
        expect(item.answer.status, `${JSON.stringify(item.answer.body)}\n${server.output}`).toBe(201);
        acknowledged++;
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    while (acknowledged < ACKNOWLEDGED_BEFORE_KILL) await new Promise((resolve) => setTimeout(resolve, 5));
    // Then the kill lands while a booking is being written, with the other clients' requests in flight.
    let caughtMidWrite = false;
    for (const deadline = Date.now() + 20_000; !caughtMidWrite && Date.now() < deadline; ) {
      caughtMidWrite = await bookingMidWrite();
    }
    stopped = true;
    await server.kill();
    await Promise.all(clients);
    expect(caughtMidWrite, 'a booking was being written when the server died').toBe(true);
    const unanswered = sent.filter((s) => !s.answer);
    expect(unanswered.length, 'requests in flight at the kill').toBeGreaterThan(0);

    // Straight after the kill, before anything else touches the database.
    await checkTable();
    for (const item of sent) {
      const held = await heldFor(item.email);
      if (item.answer) {
        expect(held.map((h) => h.id)).toEqual(item.answer.body.records.map((r: { id: number }) => r.id));
      } else {
        // Committed before the kill or not at all: all of it or nothing, never a fiche alone.
        expect([0, itemsOf(item.kind)]).toContain(held.length);
      }
      // A fiche alone would show as a row without an appointment.
      expect(held.every((h) => h.id !== null && h.status === 'confirmed')).toBe(true);
      expect(new Set(held.map((h) => h.fiche_id)).size).toBeLessThanOrEqual(1);
    }
    const { rows: mails } = await sql<{ to_address: string }>`
      select distinct to_address from mail_outbox where group_id = ${groupId}`.execute(handle.db);
    const mailed = new Set(mails.map((m) => m.to_address));
    for (const item of sent.filter((s) => s.answer)) expect(mailed, item.email).toContain(item.email);
  }, 120_000);

  it('after a restart, retrying the unanswered requests leaves exactly one booking per request', async () => {
    await server.start(readyUrl());
    const unanswered = sent.filter((s) => !s.answer);
    for (const item of unanswered) {
      const before = await heldFor(item.email);
      const answer = await request(server.port, 'POST', bookUrl, item.body, item.key);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      // A request that had committed before the kill answers its first result instead of booking again.
      expect(answer.replayed).toBe(before.length > 0);
      if (answer.replayed) {
        expect(answer.body.records.map((r: { id: number }) => r.id)).toEqual(before.map((h) => h.id));
      }
      item.answer = answer;
    }
    for (const item of sent) {
      const held = await heldFor(item.email);
      expect(held).toHaveLength(itemsOf(item.kind));
      expect(held.map((h) => h.id)).toEqual(item.answer!.body.records.map((r: { id: number }) => r.id));
    }
    await checkTable();
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from appointments where group_id = ${groupId}`.execute(handle.db);
    expect(rows[0]!.n).toBe(sent.reduce((sum, s) => sum + itemsOf(s.kind), 0));
    const mailed = await handle.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .distinct()
      .where('group_id', '=', groupId)
      .execute();
    expect(mailed.map((m) => m.to_address).sort()).toEqual(sent.map((s) => s.email).sort());
  }, 120_000);
});
