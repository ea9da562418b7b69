/**
 * GET /api/v3/groups/{id}/availabletimeslots through HTTP, on PGlite and on real PostgreSQL, with the
 * sample "Salon Test" group (Paris). It is Monday 23 November 2026, 09:00 in Paris (08:00 UTC); the
 * group's minimum notice is 60 minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/errors/domain-error.ts';
import { lockAndCheck } from '../src/modules/appointments/booking.service.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { findGroupById } from '../src/modules/groups/groups.repository.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('availabletimeslots', (database) => {
  let t: TestApp;
  let groupId: number;
  let closedGroupId: number;
  let inactiveGroupId: number;
  const ids: Record<string, number> = {};
  let ficheId: number;

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
    closedGroupId = (
      await importGroupConfig(
        t.ctx.db,
        sampleGroup({ urlname: 'members-only', website: null, settings: { openData: false } }),
      )
    ).id;
    inactiveGroupId = (
      await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'closed-down', website: null, active: false }))
    ).id;
    for (const table of ['calendars', 'interventions'] as const) {
      const rows = await t.ctx.db
        .selectFrom(table)
        .select(['id', 'externid'])
        .where('group_id', '=', groupId)
        .execute();
      for (const row of rows) ids[row.externid] = row.id;
    }
    ficheId = (
      await t.ctx.db
        .insertInto('fiches')
        .values({ group_id: groupId, firstname: 'Ada', lastname: 'Lovelace', fields: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.app.close();
  });

  const slots = (query: string, group = groupId) =>
    t.get(`/api/v3/groups/${group}/availabletimeslots?${query}`);
  const cut = () => `intervention_ids[]=${ids.cut}`;
  const startsOn = (body: { availabletimeslots: { start: string }[] }, date: string) =>
    body.availabletimeslots.filter((s) => s.start.startsWith(date)).map((s) => s.start.slice(11, 16));

  async function book(
    calendar: string,
    from: string,
    to: string,
    options: { resource?: string; status?: 'cancelled' } = {},
  ) {
    const row = await t.ctx.db
      .insertInto('appointments')
      .values({
        group_id: groupId,
        fiche_id: ficheId,
        intervention_id: ids.cut!,
        calendar_id: ids[calendar]!,
        resource_id: options.resource ? ids[options.resource]! : null,
        starts_at: from,
        ends_at: to,
        duration: (Date.parse(to) - Date.parse(from)) / 60_000,
        status: options.status ?? 'confirmed',
        vevent: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Written straight in the database: the slot list sees it once its notification is heard.
    await t.heardChanges();
    return row.id;
  }
  const unbook = async (id: number) => {
    await t.ctx.db.deleteFrom('appointments').where('id', '=', id).execute();
    await t.heardChanges();
  };

  describe('the answer', () => {
    it('lists the week of a calendar as ISO starts with the group offset, sorted, with time and capacity', async () => {
      const { status, body } = await slots(`start=2026-11-23&${cut()}&calendar_id=${ids.alice}`);
      expect(status).toBe(200);
      expect(body.availabletimeslots[0]).toEqual({
        start: '2026-11-23T10:00:00+01:00',
        time: '10:00',
        capacity: 1,
        promotion: null,
      });
      expect(body.firstSlot).toBe('2026-11-23T10:00:00+01:00');
      // Monday 09:00–12:00 and 14:00–18:00, 15-minute steps, a 45-minute cut, an hour's notice.
      expect(startsOn(body, '2026-11-23')).toEqual([
        ...['10:00', '10:15', '10:30', '10:45', '11:00', '11:15'],
        ...[
          '14:00',
          '14:15',
          '14:30',
          '14:45',
          '15:00',
          '15:15',
          '15:30',
          '15:45',
          '16:00',
          '16:15',
          '16:30',
          '16:45',
          '17:00',
          '17:15',
        ],
      ]);
      const starts = body.availabletimeslots.map((s: { start: string }) => Date.parse(s.start));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(new Set(body.availabletimeslots.map((s: { start: string }) => s.start.slice(0, 10)))).toEqual(
        new Set(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']),
      );
    });

    it('sums the capacity over every calendar when there is no preference ("0" or nothing)', async () => {
      for (const choice of ['calendar_id=0', '', `calendar_ids[]=${ids.alice}&calendar_ids[]=${ids.bob}`]) {
        const { body } = await slots(`start=2026-11-24&nDays=1&${cut()}&${choice}&resource_id=0`);
        const at10 = body.availabletimeslots.find((s: { time: string }) => s.time === '10:00');
        expect(at10.capacity).toBe(3); // Alice 1 + Bob 2
      }
    });

    it('counts booked appointments against capacity over the whole interval, but not cancelled ones', async () => {
      const booked = await book('bob', '2026-11-24T09:15:00Z', '2026-11-24T09:30:00Z'); // 10:15–10:30 in Paris
      const cancelled = await book('bob', '2026-11-24T09:15:00Z', '2026-11-24T10:00:00Z', {
        status: 'cancelled',
      });
      try {
        const { body } = await slots(`start=2026-11-24&nDays=1&${cut()}&calendar_id=${ids.bob}`);
        const capacity = Object.fromEntries(
          body.availabletimeslots.map((s: { time: string; capacity: number }) => [s.time, s.capacity]),
        );
        // A 45-minute cut overlaps 10:15–10:30 when it starts 09:45, 10:00 or 10:15.
        expect(capacity).toMatchObject({
          '09:30': 2,
          '09:45': 1,
          '10:00': 1,
          '10:15': 1,
          '10:30': 2,
          '10:45': 2,
        });
      } finally {
        await unbook(booked);
        await unbook(cancelled);
      }
    });

    it('needs the room for a service that needs a resource', async () => {
      const taken = await book('bob', '2026-11-24T09:00:00Z', '2026-11-24T16:00:00Z', { resource: 'room-1' });
      try {
        const { body } = await slots(`start=2026-11-24&nDays=2&intervention_ids[]=${ids.care}`);
        // Room 1 is taken 10:00–17:00 in Paris on Tuesday: only 09:00–09:30 and 17:00–17:30 remain.
        expect(startsOn(body, '2026-11-24')).toEqual(['09:00', '09:15', '09:30', '17:00', '17:15', '17:30']);
        expect(startsOn(body, '2026-11-25')[0]).toBe('09:00');
      } finally {
        await unbook(taken);
      }
    });

    it('marks promoted slots when promotions are asked for', async () => {
      const asked = (await slots(`start=2026-11-24&nDays=1&${cut()}&promotions=1`)).body;
      const promotion = Object.fromEntries(
        asked.availabletimeslots.map((s: { time: string; promotion: number | null }) => [
          s.time,
          s.promotion,
        ]),
      );
      expect(promotion['09:00']).toBe(20);
      expect(promotion['11:45']).toBe(20);
      expect(promotion['12:00']).toBeNull();
      const plain = (await slots(`start=2026-11-24&nDays=1&${cut()}`)).body;
      expect(plain.availabletimeslots.every((s: { promotion: number | null }) => s.promotion === null)).toBe(
        true,
      );
    });

    it('chains a pack and several appointments of the v3 appointments map', async () => {
      // Colour (75 min with Alice) + 15 min break + cut (45 min): Alice only works Monday mornings…
      const pack = (await slots(`start=2026-11-24&nDays=1&intervention_ids[]=${ids['pack-full']}`)).body;
      expect(startsOn(pack, '2026-11-24').at(-1)).toBe('15:45');
      const chained = (
        await slots(
          `start=2026-11-24&nDays=1&group_id=${groupId}&time_format=datetime&from=2026-11-24` +
            `&appointments[0][intervention_id]=${ids.cut}&appointments[0][calendar_id]=${ids.bob}` +
            `&appointments[1][intervention_id]=${ids.color}&appointments[1][calendar_id]=0`,
        )
      ).body;
      // Cut 45 then colour 75 (Alice) must end by 18:00: the last start is 16:00.
      expect(startsOn(chained, '2026-11-24').at(-1)).toBe('16:00');
      expect(startsOn(chained, '2026-11-24')[0]).toBe('09:00');
      const packPerItem = (
        await slots(
          `start=2026-11-24&nDays=1&appointments[0][pack_id]=${ids['pack-full']}&appointments[0][intervention_id]=${ids.color}` +
            `&appointments[1][pack_id]=${ids['pack-full']}&appointments[1][intervention_id]=${ids.cut}&appointments[1][calendar_id]=${ids.bob}`,
        )
      ).body;
      expect(startsOn(packPerItem, '2026-11-24')).toEqual(startsOn(pack, '2026-11-24'));
    });

    it('starts at the requested time, and shows only the requested number of days', async () => {
      const { body } = await slots(`start=2026-11-25+14:20:00&nDays=1&${cut()}&calendar_id=${ids.alice}`);
      expect(body.availabletimeslots[0].start).toBe('2026-11-25T14:30:00+01:00');
      expect(new Set(body.availabletimeslots.map((s: { start: string }) => s.start.slice(0, 10)))).toEqual(
        new Set(['2026-11-25']),
      );
    });

    it('searches the first slot beyond an empty window, up to the maximum period', async () => {
      // Bob is closed 24–25 December; the 26th is a Saturday.
      const { body } = await slots(`start=2026-12-24&nDays=3&${cut()}&calendar_id=${ids.bob}`);
      expect(body.availabletimeslots).toEqual([]);
      expect(body.firstSlot).toBe('2026-12-28T09:00:00+01:00');
      // Beyond the booking period (90 days here) a window is refused before any query.
      const tooFar = await slots(`start=2027-06-01&${cut()}`);
      expect(tooFar.status).toBe(400);
      expect(tooFar.body.message).toBe(
        'Invalid querystring parameter "start": after the booking period (90 days ahead)',
      );
    });

    it('finds the first slot months ahead when every day before is full', async () => {
      // Both of Bob's places taken 09:00–18:00 (Paris, winter time) every day until Sunday 31 January.
      const rows = [];
      for (
        let day = Date.parse('2026-11-23T00:00:00Z');
        day <= Date.parse('2027-01-31T00:00:00Z');
        day += 86_400_000
      ) {
        const date = new Date(day).toISOString().slice(0, 10);
        for (let k = 0; k < 2; k++) {
          rows.push({
            group_id: groupId,
            fiche_id: ficheId,
            intervention_id: ids.cut!,
            calendar_id: ids.bob!,
            starts_at: `${date}T08:00:00Z`,
            ends_at: `${date}T17:00:00Z`,
            duration: 540,
            vevent: '{}',
          });
        }
      }
      const inserted = await t.ctx.db.insertInto('appointments').values(rows).returning('id').execute();
      await t.heardChanges();
      try {
        const { body } = await slots(`start=2026-11-23&${cut()}&calendar_id=${ids.bob}`);
        expect(body.availabletimeslots).toEqual([]);
        expect(body.firstSlot).toBe('2027-02-01T09:00:00+01:00');
      } finally {
        await t.ctx.db
          .deleteFrom('appointments')
          .where(
            'id',
            'in',
            inserted.map((r) => r.id),
          )
          .execute();
        await t.heardChanges();
      }
    });
  });

  describe('the booking re-check for the booking writer', () => {
    it('accepts a listed slot with a concrete calendar, and refuses it once taken', async () => {
      const selection = { interventionIds: [ids.cut!] };
      // The writer's own check, in a transaction that is then rolled back: the engine's verdict, or
      // not ok when it refuses the start (a conflict).
      const checkBookingStart = (start: Date) =>
        t.ctx.db.transaction().execute(async (trx) => {
          const group = (await findGroupById(trx, groupId))!;
          try {
            return (await lockAndCheck({ ctx: t.ctx, group, now: t.ctx.now() }, trx, { selection, start }))
              .check;
          } catch (error) {
            if (error instanceof DomainError && error.kind === 'conflict') return { ok: false as const };
            throw error;
          }
        });
      const start = new Date('2026-11-24T10:00:00Z'); // 11:00 in Paris
      const free = await checkBookingStart(start);
      expect(free.ok).toBe(true);
      if (free.ok) {
        // Bob has room for two; Alice for one: both empty, so the lowest id (Alice) is taken first.
        expect(free.items).toEqual([
          expect.objectContaining({ interventionId: ids.cut, calendarId: ids.alice, resourceId: null }),
        ]);
        // "No preference" locks and re-checks only the calendar it picked (docs/booking.md "Lock,
        // then re-check with the engine"): the verdict's room is Alice's alone, not the three places
        // of both calendars.
        expect(free.slot.capacity).toBe(1);
      }
      const taken = [
        await book('alice', '2026-11-24T10:00:00Z', '2026-11-24T10:45:00Z'),
        await book('bob', '2026-11-24T10:00:00Z', '2026-11-24T10:45:00Z'),
      ];
      try {
        const second = await checkBookingStart(start);
        expect(second.ok && second.items[0]!.calendarId).toBe(ids.bob);
        taken.push(await book('bob', '2026-11-24T10:30:00Z', '2026-11-24T11:00:00Z'));
        expect((await checkBookingStart(start)).ok).toBe(false);
      } finally {
        for (const id of taken) await unbook(id);
      }
      expect((await checkBookingStart(new Date('2026-11-24T10:05:00Z'))).ok).toBe(false);
    });
  });

  describe('bad input', () => {
    const expect400 = async (query: string, mention: string) => {
      const { status, body } = await slots(query);
      expect(status, query).toBe(400);
      expect(body.message, query).toContain(mention);
      expect(body.messages.errors).toEqual([body.message]);
    };

    it('names the malformed parameter', async () => {
      await expect400(`start=2026-02-30&${cut()}`, 'start');
      await expect400(`start=23/11/2026&${cut()}`, 'start');
      await expect400(`start=2026-11-23+25:00:00&${cut()}`, 'start');
      await expect400(`start=1066-10-14&${cut()}`, 'start');
      await expect400(`from=tomorrow&${cut()}`, 'from');
      await expect400(`nDays=32&${cut()}`, 'nDays');
      await expect400(`nDays=0&${cut()}`, 'nDays');
      await expect400(`nDays=seven&${cut()}`, 'nDays');
      await expect400('intervention_ids[]=abc', 'intervention_ids');
      await expect400('intervention_ids[]=-4', 'intervention_ids');
      await expect400('', 'intervention_ids');
      await expect400('intervention_ids[]=999999', 'intervention_ids');
      await expect400(`${cut()}&calendar_id=abc`, 'calendar_id');
      await expect400(`${cut()}&calendar_ids[]=1.5`, 'calendar_ids');
      await expect400(`${cut()}&resource_id=x`, 'resource_id');
      await expect400(`${cut()}&group_id=${groupId + 1000}`, 'group_id');
      await expect400(`${cut()}&group_id=abc`, 'group_id');
      await expect400(`${cut()}&promotions=maybe`, 'promotions');
      await expect400(`${cut()}&time_format=unix`, 'time_format');
      await expect400(`${cut()}&locale=fr_FR_EURO_LONG`, 'locale');
      await expect400('appointments[x][intervention_id]=1', 'appointments');
      await expect400(
        `appointments[0][intervention_id]=${ids.cut}&appointments[0][calendar_id]=abc`,
        'appointments.0.calendar_id',
      );
      await expect400('appointments[0][calendar_id]=1', 'appointments[0][intervention_id]');
      await expect400(`appointments[0][pack_id]=${ids.cut}`, 'appointments[0][pack_id]');
      await expect400(
        `intervention_ids[]=${ids['phone-only']}&intervention_ids[]=${ids['pack-closed']}`,
        'intervention_ids',
      );
      await expect400(`start=2026-11-23'%3B+drop+table+appointments%3B--&${cut()}`, 'start');
    });

    it('says "Invalid calendar" for a calendar or resource that does not exist, is deleted or cannot do the service', async () => {
      await t.ctx.db
        .insertInto('calendars')
        .values({
          group_id: groupId,
          externid: 'gone',
          name: 'Gone',
          publicname: 'Gone',
          deleted: true,
          translations: '{}',
        })
        .execute();
      const gone = await t.ctx.db
        .selectFrom('calendars')
        .select('id')
        .where('externid', '=', 'gone')
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('calendar_interventions')
        .values({ group_id: groupId, calendar_id: gone.id, intervention_id: ids.cut!, duration: null })
        .execute();
      for (const query of [
        `${cut()}&calendar_id=999999`,
        `${cut()}&calendar_id=${gone.id}`,
        `${cut()}&calendar_id=${ids['room-1']}`,
        `intervention_ids[]=${ids.color}&calendar_id=${ids.bob}`,
        `intervention_ids[]=${ids.color}&calendar_ids[]=${ids.bob}`,
        `intervention_ids[]=${ids.care}&resource_id=${ids.alice}`,
        `intervention_ids[]=${ids.care}&resource_id=999999`,
        `appointments[0][intervention_id]=${ids.color}&appointments[0][calendar_id]=${ids.bob}`,
      ]) {
        await expect400(query, 'Invalid calendar');
      }
    });

    it('answers groupDoesNotExist for an unknown or inactive group, and asks a closed group for a session', async () => {
      const unknown = await slots(cut(), 999_999);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('groupDoesNotExist');
      expect((await slots(cut(), inactiveGroupId)).status).toBe(404);
      const closed = await slots(cut(), closedGroupId);
      expect(closed.status).toBe(401);
      expect(closed.body.message).toBe('expiredConnection');
      const badPath = await t.get('/api/v3/groups/abc/availabletimeslots');
      expect(badPath.status).toBe(400);
    });

    it('needs the api key', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v3/groups/${groupId}/availabletimeslots?${cut()}`,
      });
      expect(response.statusCode).toBe(401);
    });
  });
});

forEachDatabase('availabletimeslots across a DST change', (database) => {
  let t: TestApp;
  let groupId: number;
  let service: number;

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-10-20T08:00:00Z' });
    const night = { sun: [['01:00', '04:00']] };
    const base = sampleGroup();
    groupId = (
      await importGroupConfig(t.ctx.db, {
        ...base,
        urlname: 'night-shift',
        website: null,
        calendars: [
          {
            externid: 'night',
            name: 'Night',
            publicname: 'Night',
            slot_step: 30,
            weekly: night as never,
            interventions: [{ intervention: 'cut', duration: 30 }],
          },
        ],
        packs: [],
        promotions: [],
      })
    ).id;
    service = (
      await t.ctx.db
        .selectFrom('interventions')
        .select('id')
        .where('group_id', '=', groupId)
        .where('externid', '=', 'cut')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('gives each instant of the repeated hour once, with the right offset, when Paris falls back', async () => {
    const { status, body } = await t.get(
      `/api/v3/groups/${groupId}/availabletimeslots?start=2026-10-25&nDays=1&intervention_ids[]=${service}`,
    );
    expect(status).toBe(200);
    expect(body.availabletimeslots.map((s: { start: string }) => s.start)).toEqual([
      '2026-10-25T01:00:00+02:00',
      '2026-10-25T01:30:00+02:00',
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:30:00+02:00',
      '2026-10-25T02:00:00+01:00',
      '2026-10-25T02:30:00+01:00',
      '2026-10-25T03:00:00+01:00',
      '2026-10-25T03:30:00+01:00',
    ]);
    expect(body.availabletimeslots.map((s: { time: string }) => s.time)).toContain('02:00');
  });
});
