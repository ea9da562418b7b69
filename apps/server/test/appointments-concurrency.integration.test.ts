/**
 * Booking under contention, on real PostgreSQL only: PGlite has a single connection, so races cannot
 * happen there (docs/operations.md "Topology"). The application listens on a real port and every request
 * travels on its own TCP connection, fired together, so the transactions really overlap on the pool.
 *
 * What must hold (docs/booking.md): N requests for a slot of capacity c → exactly c bookings, the
 * others `v3_error.appointment.availabletimeslots`; a pack or a chained booking racing single ones is
 * written whole or not at all; "no preference" fills every eligible calendar and no more; never a
 * 500 or a deadlock; and, read straight from the table afterwards, never more confirmed appointments
 * on a calendar or resource at any instant than its capacity.
 */

import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { personLockKeys } from '../src/modules/appointments/booking-rules.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, loginAs } from './support/accounts.ts';
import { idsByExternid } from './support/booking.ts';
import { databaseUrl } from './support/postgres-urls.ts';
import { type RawAnswer, rawJsonRequest } from './support/raw-request.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { createPostgresDatabase } from './support/test-db.ts';

const SLOT_TAKEN = 'v3_error.appointment.availabletimeslots';
/** A race takes a few seconds on an idle two-core machine; the margin is for a machine doing other work. */
const RACE_TIMEOUT_MS = 120_000;

const everyDay = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['08:00', '20:00']]]),
);

const service = (externid: string, extra: Record<string, unknown> = {}) => ({
  externid,
  name: externid,
  publicname: externid,
  length: 30,
  price: 2000,
  ...extra,
});

const calendar = (externid: string, capacity: number, services: string[], extra = {}) => ({
  externid,
  name: externid,
  publicname: externid,
  capacity,
  slot_step: 30,
  weekly: everyDay,
  interventions: services.map((intervention) => ({ intervention })),
  ...extra,
});

/**
 * One group for every race, each race on its own calendars and days: capacity 1 and 3 for the plain
 * races; a pack (wash then dry) whose calendars single bookings also want, the dryer holding two at
 * once so that only the locks — not the exclusion constraint — protect it; three stylists of
 * capacity 1, 1 and 2 for "no preference" beside one that cannot do the service; two rooms of
 * capacity 1 for a service that needs a resource.
 */
function raceGroup() {
  return {
    urlname: 'race-salon',
    name: 'Race salon',
    // Each race customer books once; the account limit is raced on purpose by one test.
    settings: {
      timezone: 'Europe/Paris',
      locale: 'fr',
      rules: { min_notice_minutes: 60, max_future_appointments: 3 },
      // Chained bookings of two services race single ones.
      user_sequence_config: [{ name: 'intervention_ids', max_multirdvs: 2 }],
    },
    interventions: [
      service('cut'),
      service('wash'),
      service('dry'),
      service('style'),
      service('massage', { need_resource: true }),
    ],
    packs: [
      {
        externid: 'duo',
        name: 'Duo',
        publicname: 'Duo',
        total_price: 3000,
        items: [{ intervention: 'wash' }, { intervention: 'dry' }],
      },
    ],
    calendars: [
      calendar('solo', 1, ['cut']),
      calendar('trio', 3, ['cut']),
      calendar('washer', 1, ['wash']),
      calendar('dryer', 2, ['dry']),
      calendar('n1', 1, ['style', 'massage']),
      calendar('n2', 1, ['style', 'massage']),
      calendar('n3', 2, ['style', 'massage']),
      calendar('n4', 3, ['cut']),
      calendar('room-a', 1, ['massage'], { resource: true }),
      calendar('room-b', 1, ['massage'], { resource: true }),
    ],
  };
}

type Answer = RawAnswer;

/** POST on a connection of its own: each request is a separate client. */
const post = (port: number, path: string, payload: unknown, headers: Record<string, string> = {}) =>
  rawJsonRequest(port, 'POST', path, payload, headers);

/** Every (calendar or resource, instant) where more confirmed appointments overlap than it holds. */
async function overCapacity(db: DatabaseHandle['db']) {
  const { rows } = await sql<{ calendar_id: number; at: Date; used: number; capacity: number }>`
    with usage as (
      select calendar_id as used_id, starts_at, ends_at from appointments where status = 'confirmed'
      union all
      select resource_id, starts_at, ends_at from appointments
        where status = 'confirmed' and resource_id is not null
    ),
    -- the most appointments overlap at some appointment's start
    instants as (select distinct used_id, starts_at from usage)
    select i.used_id as calendar_id, i.starts_at as at, count(*)::int as used, c.capacity
    from instants i
    join usage u on u.used_id = i.used_id and u.starts_at <= i.starts_at and u.ends_at > i.starts_at
    join calendars c on c.id = i.used_id
    group by i.used_id, i.starts_at, c.capacity
    having count(*) > c.capacity`.execute(db);
  return rows;
}

/**
 * Bookings written in part: rows sharing a consecutive_value are one booking, as many as the pack
 * has items (two for the chained bookings of these tests), with one `first` and its `included`.
 */
async function partialBookings(db: DatabaseHandle['db']) {
  const { rows } = await sql<{ consecutive_value: string; n: number; expected: number }>`
    select a.consecutive_value, count(*)::int as n,
      coalesce(max(jsonb_array_length(p.config)), 2)::int as expected
    from appointments a
    left join interventions p on p.id = a.pack_id
    where a.consecutive_value is not null
    group by a.consecutive_value
    having count(*) <> coalesce(max(jsonb_array_length(p.config)), 2)
      or count(*) filter (where a.type = 'first') > 1
      or count(*) filter (where a.type = 'included' and a.parent_id is null) > 0`.execute(db);
  return rows;
}

const hasPostgres = Boolean(inject('postgresTemplate'));

describe.runIf(hasPostgres)('booking under concurrency [postgres]', () => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let port: number;
  let groupId: number;
  let id: Record<string, number>;
  let serial = 0;

  beforeAll(async () => {
    // Enough connections for every transaction of a race to be open at once, and then some.
    handle = await createPostgresDatabase(30);
    // Monday 23 November 2026, 09:00 in Paris; the races run from the next day on.
    t = await createTestApp(handle, { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, raceGroup())).id;
    id = await idsByExternid(t, groupId);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.app.close();
    await handle?.close();
  });

  /** A booking by a new customer (each request its own fiche, so only the slot is contended). */
  const booking = (date: string, selection: Record<string, unknown>) => {
    serial++;
    return {
      appointment: {
        date,
        group_id: groupId,
        from_web: 1,
        fiche: { firstname: `Client${serial}`, lastname: 'Race', email: `client${serial}@example.com` },
        ...selection,
      },
    };
  };

  /** Fires every body at once and checks that each answer is a booking or the slot-taken error. */
  async function race(bodies: unknown[], headers: Record<string, string> = {}) {
    const answers = await Promise.all(
      bodies.map((body) => post(port, `/api/v3/appointments?apikey=${TEST_API_KEY}`, body, headers)),
    );
    for (const answer of answers) {
      // A 500 here would be a deadlock, a constraint violation or a lost connection.
      if (answer.status !== 201) expect([answer.status, answer.body.message]).toEqual([409, SLOT_TAKEN]);
    }
    return { answers, won: answers.filter((a) => a.status === 201) };
  }

  const rowsAt = async (calendarIds: number[], start: string) =>
    t.ctx.db
      .selectFrom('appointments')
      .select(['id', 'calendar_id', 'resource_id', 'fiche_id'])
      .where('status', '=', 'confirmed')
      .where('starts_at', '=', new Date(start))
      .where('calendar_id', 'in', calendarIds)
      .execute();

  /** The nth round's start on a day: rounds one hour apart from 08:00 Paris time (UTC+1 in winter). */
  /** A connection of the test's own to the app's database, outside its pool: to hold locks. */
  const anotherConnection = async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.ctx.db);
    const client = new pg.Client({ connectionString: databaseUrl(rows[0]!.name) });
    await client.connect();
    return client;
  };
  const slotOf = (day: string, round: number) => `${day}T${String(8 + round).padStart(2, '0')}:00:00+01:00`;

  it(
    'the table checks see an overlap and a half-written booking when there is one',
    async () => {
      // The checks below prove nothing if they cannot fail: write both faults by hand, then undo them.
      const fiche = await t.ctx.db
        .insertInto('fiches')
        .values({ group_id: groupId, firstname: 'Fault', lastname: 'Check', fields: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = (start: string, extra: Record<string, unknown> = {}) => ({
        group_id: groupId,
        fiche_id: fiche.id,
        intervention_id: id.dry!,
        calendar_id: id.dryer!,
        starts_at: new Date(start),
        ends_at: new Date(new Date(start).getTime() + 30 * 60_000),
        duration: 30,
        vevent: '{}',
        ...extra,
      });
      const start = '2027-01-04T10:00:00Z';
      await t.ctx.db
        .insertInto('appointments')
        .values([row(start), row(start), row(start), row('2027-01-05T10:00:00Z', { consecutive_value: 'x' })])
        .execute();
      expect(await overCapacity(t.ctx.db)).toEqual([
        { calendar_id: id.dryer, at: new Date(start), used: 3, capacity: 2 },
      ]);
      expect(await partialBookings(t.ctx.db)).toEqual([{ consecutive_value: 'x', n: 1, expected: 2 }]);
      await t.ctx.db.deleteFrom('appointments').where('fiche_id', '=', fiche.id).execute();
      await t.ctx.db.deleteFrom('fiches').where('id', '=', fiche.id).execute();
      expect(await overCapacity(t.ctx.db)).toEqual([]);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    '50 requests for one slot of capacity 1 → exactly one booking, 49 slot-taken errors (10 rounds)',
    async () => {
      for (let round = 0; round < 10; round++) {
        const start = slotOf('2026-11-24', round);
        const { won } = await race(
          Array.from({ length: 50 }, () =>
            booking(start, { intervention_ids: [id.cut], calendar_id: id.solo }),
          ),
        );
        expect(won, `round ${round}`).toHaveLength(1);
        const rows = await rowsAt([id.solo!], start);
        expect(rows.map((r) => r.id)).toEqual([won[0]!.body.records[0].id]);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    '50 requests for one slot of capacity 3 → exactly three bookings (10 rounds)',
    async () => {
      for (let round = 0; round < 10; round++) {
        const start = slotOf('2026-11-25', round);
        const { won } = await race(
          Array.from({ length: 50 }, () =>
            booking(start, { intervention_ids: [id.cut], calendar_id: id.trio }),
          ),
        );
        expect(won, `round ${round}`).toHaveLength(3);
        const rows = await rowsAt([id.trio!], start);
        expect(rows.map((r) => r.id).sort()).toEqual(won.map((w) => w.body.records[0].id).sort());
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'packs and chained bookings racing single ones are written whole or not at all (12 rounds)',
    async () => {
      const pack = { appointments: { 0: { pack_id: id.duo } } };
      const chain = {
        appointments: {
          0: { intervention_id: id.wash, calendar_id: id.washer },
          1: { intervention_id: id.dry, calendar_id: id.dryer },
        },
      };
      const outcomes = { pack: 0, chain: 0, single: 0 };
      for (let round = 0; round < 12; round++) {
        const start = slotOf('2026-11-26', round);
        const second = new Date(new Date(start).getTime() + 30 * 60_000).toISOString();
        // The whole bookings are sent first in a third of the rounds and after 2 or 4 singles in the others, so
        // that each kind wins some rounds and loses others.
        const whole =
          round % 2
            ? [booking(start, chain), booking(start, pack)]
            : [booking(start, pack), booking(start, chain)];
        const bodies = Array.from({ length: 8 }, (_, i) => [
          ...(i === round % 3 ? whole : []),
          booking(start, { intervention_ids: [id.wash], calendar_id: id.washer }),
          booking(second, { intervention_ids: [id.dry], calendar_id: id.dryer }),
        ]).flat();
        const { answers } = await race(bodies);
        for (const [index, answer] of answers.entries()) {
          const appointment = (bodies[index] as ReturnType<typeof booking>).appointment as Record<
            string,
            any
          >;
          const kind = appointment.appointments?.[0]?.pack_id
            ? 'pack'
            : appointment.appointments
              ? 'chain'
              : 'single';
          const rows = await t.ctx.db
            .selectFrom('appointments')
            .innerJoin('fiches', 'fiches.id', 'appointments.fiche_id')
            .select(['appointments.id', 'type', 'parent_id', 'consecutive_value'])
            .where('fiches.email', '=', appointment.fiche.email)
            .orderBy('appointments.starts_at')
            .execute();
          if (answer.status !== 201) {
            expect(rows, `${kind} refused but written`).toEqual([]);
            continue;
          }
          outcomes[kind]++;
          expect(rows.map((r) => r.id)).toEqual(answer.body.records.map((r: { id: number }) => r.id));
          if (kind === 'single') {
            expect(rows).toHaveLength(1);
          } else {
            expect(rows).toHaveLength(2);
            expect(new Set(rows.map((r) => r.consecutive_value)).size).toBe(1);
            if (kind === 'pack')
              expect(rows.map((r) => [r.type, r.parent_id])).toEqual([
                ['first', null],
                ['included', rows[0]!.id],
              ]);
          }
        }
        // Singles always want both calendars, so both fill to capacity whoever wins the washer.
        expect((await rowsAt([id.washer!], start)).length, `round ${round} washer`).toBe(1);
        expect((await rowsAt([id.dryer!], second)).length, `round ${round} dryer`).toBe(2);
      }
      // Over the rounds singles and whole bookings both won some: the race was a real one.
      expect(outcomes.single).toBeGreaterThan(0);
      expect(outcomes.pack + outcomes.chain).toBeGreaterThan(0);
      expect(await partialBookings(t.ctx.db)).toEqual([]);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    '"no preference" under contention fills every eligible calendar and no more (10 rounds)',
    async () => {
      for (let round = 0; round < 10; round++) {
        const start = slotOf('2026-11-27', round);
        const { won } = await race(
          Array.from({ length: 50 }, () => booking(start, { intervention_ids: [id.style] })),
        );
        // n1 and n2 hold one each, n3 two; n4 does not perform the service.
        expect(won, `round ${round}`).toHaveLength(4);
        const rows = await rowsAt([id.n1!, id.n2!, id.n3!, id.n4!], start);
        const perCalendar = (calendarId: number) => rows.filter((r) => r.calendar_id === calendarId).length;
        expect([id.n1, id.n2, id.n3, id.n4].map((c) => perCalendar(c!))).toEqual([1, 1, 2, 0]);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    '"no preference" for a service needing a room stops when the rooms are full (10 rounds)',
    async () => {
      for (let round = 0; round < 10; round++) {
        const start = slotOf('2026-11-28', round);
        const { won } = await race(
          Array.from({ length: 30 }, () => booking(start, { intervention_ids: [id.massage] })),
        );
        expect(won, `round ${round}`).toHaveLength(2);
        const rows = await rowsAt([id.n1!, id.n2!, id.n3!], start);
        expect(rows.map((r) => r.resource_id).sort()).toEqual([id['room-a'], id['room-b']].sort());
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    '20 simultaneous retries with one Idempotency-Key book once and all answer the same booking',
    async () => {
      for (let round = 0; round < 5; round++) {
        const body = booking(slotOf('2026-11-29', round), {
          intervention_ids: [id.cut],
          calendar_id: id.solo,
        });
        const { answers, won } = await race(
          Array.from({ length: 20 }, () => body),
          { 'idempotency-key': `race-${round}` },
        );
        expect(won).toHaveLength(20);
        expect(new Set(answers.map((a) => a.body.records[0].id)).size).toBe(1);
        expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
        const fiches = await t.ctx.db
          .selectFrom('fiches')
          .select('id')
          .where('email', '=', body.appointment.fiche.email)
          .execute();
        expect(fiches).toHaveLength(1);
      }
    },
    RACE_TIMEOUT_MS,
  );

  /** A booking on the capacity-1 calendar by a new customer, with the guest token that may change it. */
  async function bookSolo(start: string) {
    const [answer] = (await race([booking(start, { intervention_ids: [id.cut], calendar_id: id.solo })])).won;
    expect(answer, `booking ${start}`).toBeDefined();
    return { id: answer!.body.records[0].id as number, token: answer!.body.fiche_token as string };
  }

  const put = (apt: { id: number; token: string }, date: string) =>
    rawJsonRequest(
      port,
      'PUT',
      `/api/v3/appointments/${apt.id}?group_id=${groupId}&apikey=${TEST_API_KEY}&token=${apt.token}`,
      { appointment: { date } },
    );

  const statusOf = async (appointmentId: number) =>
    (
      await t.ctx.db
        .selectFrom('appointments')
        .select(['status', 'starts_at'])
        .where('id', '=', appointmentId)
        .executeTakeFirstOrThrow()
    ).status;

  it(
    'changes moving into a slot race new bookings for it: one of them gets it, the others keep theirs (8 rounds)',
    async () => {
      for (let round = 0; round < 8; round++) {
        const target = slotOf('2026-11-30', round);
        const moving = [];
        for (let i = 0; i < 5; i++) moving.push(await bookSolo(slotOf(`2026-12-0${1 + (i % 5)}`, round)));
        const [changes, bookings] = await Promise.all([
          Promise.all(moving.map((apt) => put(apt, target))),
          race(
            Array.from({ length: 20 }, () =>
              booking(target, { intervention_ids: [id.cut], calendar_id: id.solo }),
            ),
          ),
        ]);
        for (const change of changes) {
          if (change.status !== 200) expect([change.status, change.body.message]).toEqual([409, SLOT_TAKEN]);
        }
        const movedIn = changes.filter((c) => c.status === 200).length;
        expect(movedIn + bookings.won.length, `round ${round}`).toBe(1);
        expect(await rowsAt([id.solo!], target)).toHaveLength(1);
        // A change that lost leaves its booking where it was.
        for (const [i, change] of changes.entries()) {
          if (change.status === 200) continue;
          const row = await t.ctx.db
            .selectFrom('appointments')
            .select(['status', 'starts_at'])
            .where('id', '=', moving[i]!.id)
            .executeTakeFirstOrThrow();
          expect(row).toEqual({
            status: 'confirmed',
            starts_at: new Date(slotOf(`2026-12-0${1 + i}`, round)),
          });
        }
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'a booking waiting for its person’s lock already holds its calendar: calendars, then persons',
    async () => {
      // The booking takes its calendar's and its person's locks in one statement; the order every
      // booking keeps (docs/booking.md "Why it cannot double-book") must hold inside it. The test
      // holds the person's e-mail lock, lets a booking of that person wait for it, then asks for
      // the calendar without waiting: it must be held already.
      const holder = await anotherConnection();
      const prober = await anotherConnection();
      const email = 'lock-order@example.com';
      const [key] = personLockKeys(groupId, [`email:${email}`]);
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock($1::bigint)', [key!.toString()]);
        const booked = post(port, `/api/v3/appointments?apikey=${TEST_API_KEY}`, {
          appointment: {
            date: slotOf('2026-12-22', 0),
            group_id: groupId,
            from_web: 1,
            fiche: { firstname: 'Lock', lastname: 'Order', email },
            intervention_ids: [id.cut],
            calendar_id: id.solo,
          },
        });
        for (const deadline = Date.now() + 10_000; ; ) {
          const { rows } = await prober.query<{ n: number }>(
            // This database's only: other test files run beside this one on the same server.
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
              and database = (select oid from pg_database where datname = current_database())`,
          );
          if (rows[0]!.n > 0) break;
          if (Date.now() > deadline) throw new Error('the booking never waited for the person’s lock');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await prober.query('begin');
        await expect(
          prober.query('select id from calendars where id = $1 for update nowait', [id.solo]),
        ).rejects.toMatchObject({ code: '55P03' });
        await prober.query('rollback');
        await holder.query('commit');
        expect((await booked).status).toBe(201);
      } finally {
        await holder.end();
        await prober.end();
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'a change and a cancellation of the same booking at once never bring a cancelled booking back (6 rounds)',
    async () => {
      // The test holds the appointment's row so that both requests queue on it, in a chosen order,
      // then lets them go: the cancellation must win in either order (cancel then change: the change
      // finds it cancelled; change then cancel: the moved booking is cancelled).
      const holder = await anotherConnection();
      const waiting = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.ctx.db)
        ).rows[0]!.n;
      const until = async (n: number) => {
        for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
          if ((await waiting()) >= n) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error(`fewer than ${n} requests waiting for the row`);
      };
      try {
        for (let round = 0; round < 6; round++) {
          const apt = await bookSolo(slotOf('2026-12-07', round));
          await holder.query('begin');
          await holder.query('select id from appointments where id = $1 for update', [apt.id]);
          const cancelFirst = round % 2 === 0;
          const cancel = () =>
            post(
              port,
              `/api/v3/groups/${groupId}/appointments/batch_delete?apikey=${TEST_API_KEY}&token=${apt.token}`,
              { appointments: [{ id: apt.id }] },
            );
          const change = () => put(apt, slotOf('2026-12-08', round));
          const first = cancelFirst ? cancel() : change();
          await until(1);
          const second = cancelFirst ? change() : cancel();
          await until(2);
          await holder.query('commit');
          const [a, b] = await Promise.all([first, second]);
          const [cancelled, changed] = cancelFirst ? [a, b] : [b, a];
          expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
          if (changed.status !== 200) expect(changed.body.message).toBe('aptAlreadyCanceled');
          expect(await statusOf(apt.id), `round ${round} (${cancelFirst ? 'cancel' : 'change'} first)`).toBe(
            'cancelled',
          );
        }
      } finally {
        await holder.end();
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'one person booked five times at once on five calendars is booked once: same_time_rdv (5 rounds)',
    async () => {
      for (let round = 0; round < 5; round++) {
        const first = await bookSolo(slotOf('2026-12-14', round));
        const { fiche_id: ficheId } = await t.ctx.db
          .selectFrom('appointments')
          .select('fiche_id')
          .where('id', '=', first.id)
          .executeTakeFirstOrThrow();
        const at = slotOf('2026-12-15', round);
        const answers = await Promise.all(
          [
            { intervention_ids: [id.cut], calendar_id: id.solo },
            { intervention_ids: [id.cut], calendar_id: id.trio },
            { intervention_ids: [id.cut], calendar_id: id.n4 },
            { intervention_ids: [id.style], calendar_id: id.n1 },
            { intervention_ids: [id.style], calendar_id: id.n2 },
          ].map((selection) =>
            post(port, `/api/v3/appointments?apikey=${TEST_API_KEY}&token=${first.token}`, {
              appointment: { date: at, group_id: groupId, fiche: ficheId, ...selection },
            }),
          ),
        );
        const refused = answers.filter((a) => a.status !== 201);
        expect(answers.length - refused.length, `round ${round}`).toBe(1);
        for (const answer of refused)
          expect([answer.status, answer.body.message]).toEqual([409, 'v3_error.appointment.same_time_rdv']);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'one visitor booking four times at once, spelling the e-mail and phone differently, is booked once (5 rounds)',
    async () => {
      // Each request creates its own record: only the e-mail and phone keys tell it is one person.
      const spellings = (round: number) => [
        { email: `Twin${round}@Example.com`, firstphone: `06 55 44 33 2${round}` },
        { email: `  twin${round}@example.COM `, firstphone: `+33 6.55.44.33.2${round}` },
        { email: `TWIN${round}@EXAMPLE.COM`, firstphone: `0033 6-55-44-33-2${round}` },
        { email: `twin${round}@example.com`, firstphone: `+33 (0)6 55 44 33 2${round}` },
      ];
      const calendars = [
        { intervention_ids: [id.cut], calendar_id: id.solo },
        { intervention_ids: [id.cut], calendar_id: id.trio },
        { intervention_ids: [id.cut], calendar_id: id.n4 },
        { intervention_ids: [id.style], calendar_id: id.n1 },
      ];
      for (let round = 0; round < 5; round++) {
        const at = slotOf('2026-12-16', round * 2);
        const answers = await Promise.all(
          spellings(round).map((contact, i) =>
            post(port, `/api/v3/appointments?apikey=${TEST_API_KEY}`, {
              appointment: {
                date: at,
                group_id: groupId,
                from_web: 1,
                fiche: { firstname: `Twin${i}`, lastname: 'Race', ...contact },
                ...calendars[i],
              },
            }),
          ),
        );
        const refused = answers.filter((a) => a.status !== 201);
        expect(answers.length - refused.length, `round ${round}`).toBe(1);
        for (const answer of refused)
          expect([answer.status, answer.body.message]).toEqual([409, 'v3_error.appointment.same_time_rdv']);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'one account booking for five of its records at once gets no more than its limit of three (4 rounds)',
    async () => {
      // max_rdv_number counts every record of the account, so the records' bookings must queue together.
      for (let round = 0; round < 4; round++) {
        const email = `family${round}@example.com`;
        await createAccount(t.ctx.db, { email });
        const token = await loginAs(t, email);
        const fiches: number[] = [];
        for (let i = 0; i < 5; i++) {
          const created = await call(t, 'POST', `/api/v3/groups/${groupId}/fiches`, {
            token,
            body: { fiche: { firstname: `Member${i}`, lastname: `Family${round}` } },
          });
          expect(created.status).toBe(201);
          fiches.push(created.body.id);
        }
        const answers = await Promise.all(
          fiches.map((fiche, i) =>
            post(port, `/api/v3/appointments?apikey=${TEST_API_KEY}&token=${token}`, {
              appointment: {
                date: slotOf(`2026-12-1${round}`, i * 2),
                group_id: groupId,
                fiche,
                // Each on a calendar of its own: no calendar lock makes them queue.
                ...[
                  { intervention_ids: [id.cut], calendar_id: id.solo },
                  { intervention_ids: [id.cut], calendar_id: id.trio },
                  { intervention_ids: [id.cut], calendar_id: id.n4 },
                  { intervention_ids: [id.style], calendar_id: id.n1 },
                  { intervention_ids: [id.style], calendar_id: id.n2 },
                ][i],
              },
            }),
          ),
        );
        const refused = answers.filter((a) => a.status !== 201);
        expect(answers.length - refused.length, `round ${round}`).toBe(3);
        for (const answer of refused)
          expect([answer.status, answer.body.message]).toEqual([422, 'v3_error.appointment.max_rdv_number']);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'one person booking ten times at once on ten calendars gets max_future_appointments (2), by e-mail, phone or account',
    async () => {
      // A group of its own: ten calendars, so that no calendar lock makes the bookings queue, and
      // per-person rules the race group does not have.
      const limited = await importGroupConfig(t.ctx.db, {
        urlname: 'race-limits',
        name: 'Race limits',
        settings: {
          timezone: 'Europe/Paris',
          locale: 'fr',
          rules: { min_notice_minutes: 60, max_future_appointments: 2, mintime_between_minutes: 600 },
        },
        interventions: [service('cut')],
        calendars: Array.from({ length: 10 }, (_, i) => calendar(`desk${i}`, 1, ['cut'])),
      });
      const ids = await idsByExternid(t, limited.id);
      const desks = Array.from({ length: 10 }, (_, i) => ids[`desk${i}`]!);
      /** Bookings by one person at once, one per desk, the nth on the nth desk at `at(n)`. */
      const atOnce = (fiche: (n: number) => unknown, at: (n: number) => string, token?: string, count = 10) =>
        Promise.all(
          desks.slice(0, count).map((desk, n) =>
            post(port, `/api/v3/appointments?apikey=${TEST_API_KEY}${token ? `&token=${token}` : ''}`, {
              appointment: {
                date: at(n),
                group_id: limited.id,
                from_web: 1,
                fiche: fiche(n),
                intervention_ids: [ids.cut],
                calendar_id: desk,
              },
            }),
          ),
        );
      const outcome = (answers: Answer[]) => {
        const refused = answers.filter((a) => a.status !== 201);
        return {
          booked: answers.length - refused.length,
          refusals: [...new Set(refused.map((a) => `${a.status} ${a.body.message}`))],
        };
      };
      // Days apart: only the number of future appointments stops them.
      const dayApart = (round: number) => (n: number) =>
        `2027-02-${String(1 + n).padStart(2, '0')}T1${round}:00:00+01:00`;
      const people: Array<[string, (n: number) => unknown]> = [
        // Each request makes a record of its own: only the e-mail, however spelt, says it is one person.
        [
          'e-mail',
          (n) => ({
            firstname: `Mail${n}`,
            lastname: 'Race',
            email: n % 2 ? 'same@example.com' : ' Same@Example.COM',
          }),
        ],
        [
          'phone',
          (n) => ({
            firstname: `Phone${n}`,
            lastname: 'Race',
            firstphone: n % 2 ? '06 77 88 99 00' : '+33 6 77 88 99 00',
          }),
        ],
      ];
      for (const [round, [who, fiche]] of people.entries()) {
        expect(outcome(await atOnce(fiche, dayApart(round))), who).toEqual({
          booked: 2,
          refusals: ['422 v3_error.appointment.max_rdv_number'],
        });
      }
      // An account booking for its records, as many as it may keep (eight): the records are one person.
      await createAccount(t.ctx.db, { email: 'household@example.com' });
      const token = await loginAs(t, 'household@example.com');
      const records: number[] = [];
      for (let n = 0; n < 8; n++) {
        const created = await call(t, 'POST', `/api/v3/groups/${limited.id}/fiches`, {
          token,
          body: { fiche: { firstname: `Member${n}`, lastname: 'Household' } },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        records.push(created.body.id);
      }
      expect(outcome(await atOnce((n) => records[n], dayApart(2), token, records.length)), 'account').toEqual(
        {
          booked: 2,
          refusals: ['422 v3_error.appointment.max_rdv_number'],
        },
      );
      // mintime_between: ten hours apart at least; ten bookings within one morning → one.
      const sameMorning = (n: number) => `2027-01-20T${String(8 + n).padStart(2, '0')}:00:00+01:00`;
      const answers = await atOnce(
        (n) => ({ firstname: `Gap${n}`, lastname: 'Race', email: 'gap@example.com' }),
        sameMorning,
      );
      expect(outcome(answers)).toEqual({ booked: 1, refusals: ['422 v3_error.appointment.mintime_between'] });
      // Read back from the table: no person holds more than the rules allow.
      const { rows } = await sql<{ person: string; n: number }>`
        select coalesce(f.email_key, f.phone_key, f.account_id::text) as person, count(*)::int as n
        from appointments a join fiches f on f.id = a.fiche_id
        where a.group_id = ${limited.id} and a.status = 'confirmed'
        group by 1 order by 1`.execute(t.ctx.db);
      // Three people with two appointments each, and the one of the morning with one.
      expect(rows.map((r) => r.n).sort()).toEqual([1, 2, 2, 2]);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'afterwards, the table holds no overlap beyond capacity, no partial booking and no orphan fiche',
    async () => {
      expect(await overCapacity(t.ctx.db)).toEqual([]);
      expect(await partialBookings(t.ctx.db)).toEqual([]);
      // Every race customer is new: a fiche without an appointment is a loser's write that survived.
      // (Records created beforehand by an account are not the booking's to write.)
      const orphans = await t.ctx.db
        .selectFrom('fiches')
        .leftJoin('appointments', 'appointments.fiche_id', 'fiches.id')
        .select('fiches.id')
        .where('fiches.group_id', '=', groupId)
        .where('fiches.account_id', 'is', null)
        .where('appointments.id', 'is', null)
        .execute();
      expect(orphans).toEqual([]);
      // Every booking has its confirmation in the outbox.
      const { rows } = await sql<{ missing: number }>`
      select count(*)::int as missing from fiches f
      where f.group_id = ${groupId} and f.account_id is null
        and not exists (select 1 from mail_outbox m where m.to_address = f.email)`.execute(t.ctx.db);
      expect(rows[0]!.missing).toBe(0);
    },
    RACE_TIMEOUT_MS,
  );
});
