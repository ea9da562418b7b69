import ICAL from 'ical.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, latestMailTo, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('appointments', (database) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    const group = sampleGroup() as any;
    group.settings.rules = {
      min_notice_minutes: 60,
      cancel_notice_minutes: 24 * 60,
      modify_notice_minutes: 24 * 60,
      blacklist: ['banned@example.com'],
    };
    group.forms.vevent = [
      {
        name: 'reason',
        type: 'select',
        label: 'Motif',
        required: true,
        choices: [
          { value: 'first', label: 'Première visite' },
          { value: 'again', label: 'Suivi' },
        ],
      },
    ];
    group.interventions.push({
      externid: 'visio',
      name: 'Visio',
      publicname: 'Conseil en visio',
      price: 1500,
      length: 20,
      videoconference: true,
    });
    group.calendars[0].interventions.push({ intervention: 'visio' });
    groupId = (await importGroupConfig(t.ctx.db, group)).id;
    id = await idsByExternid(t, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  const reason = { reason: 'first' };
  const count = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('appointments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'confirmed')
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('booking', () => {
    it('books a first-time visitor on a slot the slot list showed, with a guest token, a mail and an .ics', async () => {
      const list = await slots(
        t,
        groupId,
        `start=2026-11-23&intervention_ids[]=${id.cut}&calendar_id=${id.alice}`,
      );
      const slot = list.body.availabletimeslots[0];
      expect(slot.start).toBe('2026-11-23T10:00:00+01:00');
      const response = await book(t, {
        date: slot.start,
        group_id: groupId,
        fiche: newFiche('Léa'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        comments: 'Cheveux longs',
        ...reason,
      });
      expect(response.status).toBe(201);
      const [record] = response.body.records;
      expect(record).toMatchObject({
        start: '2026-11-23T09:00:00.000Z',
        end: '2026-11-23T09:45:00.000Z',
        type: 'free',
        calendar_id: id.alice,
        intervention_id: id.cut,
        price_amount: 4500,
        intervention_price: 4500,
        promotion: null,
        comments: 'Cheveux longs',
        vevent: { reason: 'first' },
        fiche: { firstname: 'Léa', lastname: 'Martin' },
      });
      expect(response.body.fiche_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const session = await call(t, 'GET', '/api/v3/sessions/current.json', {
        token: response.body.fiche_token,
      });
      expect(session.body.account).toMatchObject({ id: 0, cancel_apt: 0 });

      const mail = await latestMailTo(t.ctx.db, 'lea@example.com');
      expect(mail?.attachments).toHaveLength(1);
      const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
      expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-23T09:00:00.000Z');
      expect(mail!.text_body).toContain('ficheKey=');

      const after = await slots(
        t,
        groupId,
        `start=2026-11-23&intervention_ids[]=${id.cut}&calendar_id=${id.alice}`,
      );
      expect(after.body.availabletimeslots.map((s: { start: string }) => s.start)).not.toContain(slot.start);
    });

    it('sees a catalogue change written straight into the database at once: no stale hours, price or form', async () => {
      const booking = (date: string, firstname: string) =>
        book(t, {
          date,
          group_id: groupId,
          fiche: newFiche(firstname),
          intervention_ids: [id.cut],
          calendar_id: id.alice,
          ...reason,
        });
      const list = await slots(
        t,
        groupId,
        `start=2026-12-15&intervention_ids[]=${id.cut}&calendar_id=${id.alice}`,
      );
      // Three slots an hour or more apart, so that booking one leaves the others free.
      const starts: string[] = list.body.availabletimeslots.map((slot: { start: string }) => slot.start);
      const first = starts[0]!;
      const second = starts.find((start) => Date.parse(start) >= Date.parse(first) + 60 * 60_000)!;
      const third = starts.find((start) => Date.parse(start) >= Date.parse(second) + 60 * 60_000)!;
      // The first booking leaves the group's catalogue in the server's memory.
      expect((await booking(first, 'Anouk')).status).toBe(201);

      // Behind the server's back: Alice is away that day, and the cut costs more.
      const day = { starts: '2026-12-15 00:00:00', ends: '2026-12-16 00:00:00' };
      await sql`insert into schedule_exceptions (group_id, calendar_id, kind, starts_local, ends_local)
        values (${groupId}, ${id.alice}, 'absence', ${day.starts}, ${day.ends})`.execute(t.ctx.db);
      const away = await booking(second, 'Bérénice');
      expect(away.status).toBe(409);
      expect(away.body.message).toBe('v3_error.appointment.availabletimeslots');
      await sql`delete from schedule_exceptions where calendar_id = ${id.alice} and starts_local = ${day.starts}`.execute(
        t.ctx.db,
      );

      await sql`update interventions set price = 5200 where id = ${id.cut}`.execute(t.ctx.db);
      await sql`update form_fields set definition = jsonb_set(definition, '{required}', 'false')
        where group_id = ${groupId} and form = 'vevent' and name = 'reason'`.execute(t.ctx.db);
      const repriced = await book(t, {
        date: third,
        group_id: groupId,
        fiche: newFiche('Capucine'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
      });
      expect(repriced.status).toBe(201);
      expect(repriced.body.records[0]).toMatchObject({ intervention_price: 5200 });
      await sql`update interventions set price = 4500 where id = ${id.cut}`.execute(t.ctx.db);
      await sql`update form_fields set definition = jsonb_set(definition, '{required}', 'true')
        where group_id = ${groupId} and form = 'vevent' and name = 'reason'`.execute(t.ctx.db);
      expect((await booking(second, 'Bérénice')).status).toBe(201);
    });

    it('locates an appointment at its calendar’s site when the set has an address, else at the group’s', async () => {
      const site = {
        address: '8 avenue Foch',
        city: 'Lyon',
        zipcode: '69006',
        country: 'FR',
        lat: 45.7695,
        lng: 4.8361,
      };
      const bookBob = async (firstname: string) => {
        const list = await slots(
          t,
          groupId,
          `start=2026-12-17&intervention_ids[]=${id.cut}&calendar_id=${id.bob}`,
        );
        const response = await book(t, {
          date: list.body.availabletimeslots[0].start,
          group_id: groupId,
          fiche: newFiche(firstname),
          intervention_ids: [id.cut],
          calendar_id: id.bob,
          ...reason,
        });
        expect(response.status).toBe(201);
        return response.body.records[0];
      };
      await sql`update calendarsets set address = ${JSON.stringify(site)}::jsonb
        where group_id = ${groupId} and externid = 'site-a'`.execute(t.ctx.db);
      try {
        expect((await bookBob('Daphné')).address).toEqual(site);
        const mail = await latestMailTo(t.ctx.db, 'daphne@example.com');
        expect(mail!.text_body).toContain('8 avenue Foch, 69006 Lyon');
        const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
        const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
        expect(event.getFirstPropertyValue('location')).toBe('8 avenue Foch, 69006 Lyon');
      } finally {
        await sql`update calendarsets set address = null where group_id = ${groupId}`.execute(t.ctx.db);
      }
      expect((await bookBob('Éloïse')).address).toEqual({
        address: '1 rue de la Paix',
        city: 'Paris',
        zipcode: '75002',
        country: 'FR',
        lat: 48.8686,
        lng: 2.3314,
      });
    });

    it('refuses a slot that is gone with the spec key, writing nothing', async () => {
      const before = await count();
      const response = await book(t, {
        date: '2026-11-23T10:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Paul'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        message: 'v3_error.appointment.availabletimeslots',
        messages: { errors: ['v3_error.appointment.availabletimeslots'] },
      });
      expect(await count()).toBe(before);
      const fiches = await t.ctx.db
        .selectFrom('fiches')
        .select('id')
        .where('firstname', '=', 'Paul')
        .execute();
      expect(fiches).toEqual([]);
    });

    it('resolves "no preference" to concrete calendars, spreading load, and fills them exactly', async () => {
      const start = '2026-11-23T15:00:00+01:00';
      const list = await slots(t, groupId, `start=2026-11-23&intervention_ids[]=${id.cut}`);
      expect(list.body.availabletimeslots.find((s: { start: string }) => s.start === start)?.capacity).toBe(
        3,
      );
      const calendars: number[] = [];
      for (const name of ['Anne', 'Bruno', 'Chloe']) {
        const response = await book(t, {
          date: start,
          group_id: groupId,
          fiche: newFiche(name),
          intervention_ids: [id.cut],
          ...reason,
        });
        expect(response.status, name).toBe(201);
        calendars.push(response.body.records[0].calendar_id);
      }
      expect(calendars.sort()).toEqual([id.alice, id.bob, id.bob].sort());
      const fourth = await book(t, {
        date: start,
        group_id: groupId,
        fiche: newFiche('Denis'),
        intervention_ids: [id.cut],
        ...reason,
      });
      expect(fourth.status).toBe(409);
    });

    it('books a pack: first item carries the pack price, the others are included with parent_id', async () => {
      const list = await slots(t, groupId, `start=2026-11-24&appointments[0][pack_id]=${id['pack-full']}`);
      const slot = list.body.availabletimeslots[0];
      const response = await book(t, {
        date: slot.start,
        group_id: groupId,
        fiche: newFiche('Pack'),
        appointments: { 0: { pack_id: id['pack-full'] } },
        ...reason,
      });
      expect(response.status).toBe(201);
      const [first, second] = response.body.records;
      expect(first).toMatchObject({
        type: 'first',
        pack_id: id['pack-full'],
        price_amount: 9000,
        intervention_id: id.color,
        duration: 75,
      });
      expect(second).toMatchObject({
        type: 'included',
        pack_id: id['pack-full'],
        price_amount: null,
        parent_id: first.id,
        intervention_id: id.cut,
      });
      expect(first.consecutive_value).toBeTruthy();
      expect(second.consecutive_value).toBe(first.consecutive_value);
      expect(response.body.consecutive_location).toBe(first.consecutive_value);
      // 75 minutes of colour, 15 of pause, then the cut.
      expect(new Date(second.start).getTime() - new Date(first.start).getTime()).toBe(90 * 60_000);
      expect(first.interventions.map((i: { apt_id: number }) => i.apt_id)).toEqual([second.id]);
    });

    it('chains several appointments of one booking, giving the one that needs it a room', async () => {
      const params = `start=2026-11-25&appointments[0][intervention_id]=${id.cut}&appointments[0][calendar_id]=${id.bob}&appointments[1][intervention_id]=${id.care}`;
      const slot = (await slots(t, groupId, params)).body.availabletimeslots[0];
      const response = await book(t, {
        date: slot.start,
        group_id: groupId,
        fiche: newFiche('Multi'),
        appointments: {
          0: { intervention_id: id.cut, calendar_id: id.bob },
          1: { intervention_id: id.care },
        },
        ...reason,
      });
      expect(response.status).toBe(201);
      const [cut, care] = response.body.records;
      expect(cut).toMatchObject({ calendar_id: id.bob, type: 'free' });
      expect(care).toMatchObject({ calendar_id: id.alice, resource: { id: id['room-1'] }, start: cut.end });
      expect(care.consecutive_value).toBe(cut.consecutive_value);
    });

    it('applies the promotion of a promoted slot to the line it covers, with discount and total', async () => {
      // Tuesday 09:00–12:00: 20% on the cut.
      const response = await book(t, {
        date: '2026-12-01T10:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Promo'),
        appointments: {
          0: { intervention_id: id.cut, calendar_id: id.bob },
          1: { intervention_id: id.color },
        },
        ...reason,
      });
      expect(response.status).toBe(201);
      const [cut, color] = response.body.records;
      expect(cut).toMatchObject({
        promotion: 20,
        is_promoted: true,
        price_amount: 3600,
        intervention_price: 4500,
      });
      expect(color).toMatchObject({ promotion: null, price_amount: 6000 });
      expect(response.body.summary).toEqual({ subtotalCents: 10500, discountCents: 900, totalCents: 9600 });
    });

    it('gives video consultations a unique unguessable room', async () => {
      const rooms = new Set<string>();
      for (const start of ['2026-11-26T10:00:00+01:00', '2026-11-26T11:00:00+01:00']) {
        const response = await book(t, {
          date: start,
          group_id: groupId,
          fiche: newFiche('Visio'),
          intervention_ids: [id.visio],
          calendar_id: id.alice,
          ...reason,
        });
        expect(response.status).toBe(201);
        const credentials = response.body.records[0].video_credentials;
        expect(credentials.room).toMatch(/^creneau-[0-9a-f]{32}$/);
        expect(credentials.url).toBe(`https://meet.jit.si/${credentials.room}`);
        rooms.add(credentials.room);
      }
      expect(rooms.size).toBe(2);
    });

    it('answers a retried request with the same Idempotency-Key with the first result, once', async () => {
      const body = {
        date: '2026-11-27T10:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Retry'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      };
      const first = await book(t, body, { key: 'retry-123' });
      const second = await book(t, body, { key: 'retry-123' });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body.records[0].id).toBe(first.body.records[0].id);
      const rows = await t.ctx.db
        .selectFrom('fiches')
        .select('id')
        .where('firstname', '=', 'Retry')
        .execute();
      expect(rows).toHaveLength(1);
      const reused = await book(t, { ...body, comments: 'other' }, { key: 'retry-123' });
      expect([reused.status, reused.body.message]).toEqual([422, 'idempotencyKeyReused']);
    });
  });

  describe('booking rules', () => {
    it('same_time_rdv: one person cannot be in two places at once', async () => {
      const first = await book(t, {
        date: '2026-11-30T10:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Twice'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      });
      const ficheId = first.body.records[0].fiche_id;
      const token = first.body.fiche_token;
      const second = await book(
        t,
        {
          date: '2026-11-30T10:15:00+01:00',
          group_id: groupId,
          fiche: ficheId,
          intervention_ids: [id.cut],
          calendar_id: id.bob,
          ...reason,
        },
        { token },
      );
      expect([second.status, second.body.message]).toEqual([409, 'v3_error.appointment.same_time_rdv']);
    });

    it('fiche_not_authorized: a fiche that is not the caller’s', async () => {
      const owner = await book(t, {
        date: '2026-11-30T11:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Owner'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      });
      const stranger = await book(t, {
        date: '2026-11-30T14:00:00+01:00',
        group_id: groupId,
        fiche: owner.body.records[0].fiche_id,
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      });
      expect([stranger.status, stranger.body.message]).toEqual([
        403,
        'v3_error.appointment.fiche_not_authorized',
      ]);
    });

    it('user_blacklisted and vevent errors', async () => {
      const banned = await book(t, {
        date: '2026-11-30T15:00:00+01:00',
        group_id: groupId,
        fiche: { firstname: 'Ban', lastname: 'Ned', email: 'banned@example.com' },
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      });
      expect(banned.body.message).toBe('v3_error.appointment.user_blacklisted');
      const badForm = await book(t, {
        date: '2026-11-30T15:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Form'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        reason: 'nonsense',
      });
      expect(badForm.status).toBe(422);
      expect(badForm.body).toMatchObject({
        message: 'v3_error.appointment.vevent',
        errors: { reason: 'format' },
      });
      expect(
        await t.ctx.db.selectFrom('fiches').select('id').where('firstname', '=', 'Form').execute(),
      ).toEqual([]);
    });

    it('max_rdv_number and mintime_between per customer', async () => {
      const strict = sampleGroup({ urlname: 'strict', website: null }) as any;
      strict.settings.rules = {
        min_notice_minutes: 0,
        max_future_appointments: 2,
        mintime_between_minutes: 120,
      };
      strict.forms.vevent = [];
      const strictId = (await importGroupConfig(t.ctx.db, strict)).id;
      const ids = await idsByExternid(t, strictId);
      await createAccount(t.ctx.db, { email: 'limits@example.com' });
      const token = await loginAs(t, 'limits@example.com');
      const fiche = (
        await call(t, 'POST', `/api/v3/groups/${strictId}/fiches`, {
          token,
          body: { fiche: { firstname: 'Lim', lastname: 'Its' } },
        })
      ).body.id;
      const at = (time: string) =>
        book(
          t,
          {
            date: `2026-12-02T${time}:00+01:00`,
            group_id: strictId,
            fiche,
            intervention_ids: [ids.cut!],
            calendar_id: ids.alice,
          },
          { token },
        );
      expect((await at('09:00')).status).toBe(201);
      const tooClose = await at('10:30');
      expect(tooClose.body.message).toBe('v3_error.appointment.mintime_between');
      expect((await at('14:00')).status).toBe(201);
      const tooMany = await at('17:00');
      expect(tooMany.body).toMatchObject({ message: 'v3_error.appointment.max_rdv_number', max: 2 });
    });

    it('not_open_group and not_open_group_health with the phone, for new customers of closed groups', async () => {
      for (const [urlname, sector, key] of [
        ['closed-shop', null, 'not_open_group'],
        ['closed-clinic', 'Santé', 'not_open_group_health'],
      ] as const) {
        const closed = sampleGroup({ urlname, website: null }) as any;
        closed.settings.open = false;
        closed.settings.sector = sector;
        closed.forms.vevent = [];
        const closedId = (await importGroupConfig(t.ctx.db, closed)).id;
        const ids = await idsByExternid(t, closedId);
        const response = await book(t, {
          date: '2026-12-02T10:00:00+01:00',
          group_id: closedId,
          fiche: newFiche('New'),
          intervention_ids: [ids.cut!],
          calendar_id: ids.alice,
        });
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({
          message: `v3_error.appointment.${key}`,
          phone: '+33 1 23 45 67 89',
        });
      }
    });

    it('rejects malformed input with a 400 naming the problem, writing nothing', async () => {
      const before = await count();
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ date: 'tomorrow', group_id: groupId, fiche: newFiche('Bad'), intervention_ids: [id.cut] }, /date/],
        [
          {
            date: '2026-02-30T10:00:00+01:00',
            group_id: groupId,
            fiche: newFiche('Bad'),
            intervention_ids: [id.cut],
          },
          /date/,
        ],
        [
          {
            date: '2026-12-02T10:00:00+01:00',
            group_id: groupId,
            fiche: newFiche('Bad'),
            intervention_ids: [id.cut],
            calendar_id: 999999,
          },
          /Invalid calendar/,
        ],
        [
          {
            date: '2026-12-02T10:00:00+01:00',
            group_id: groupId,
            fiche: newFiche('Bad'),
            intervention_ids: ['1; drop table appointments'],
          },
          /intervention_ids/,
        ],
        [{ date: '2026-12-02T10:00:00+01:00', group_id: groupId, intervention_ids: [id.cut] }, /fiche/],
      ];
      for (const [body, message] of cases) {
        const response = await book(t, { ...reason, ...body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.message).toMatch(message);
      }
      expect(await count()).toBe(before);
    });
  });

  describe('after booking', () => {
    let token: string;
    let appointmentId: number;

    beforeAll(async () => {
      const response = await book(t, {
        date: '2026-12-03T10:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Later'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      });
      token = response.body.fiche_token;
      appointmentId = response.body.records[0].id;
    });

    it('lists future appointments ascending, then past ones descending, one year back', async () => {
      const fiche = (
        await t.ctx.db
          .selectFrom('appointments')
          .select('fiche_id')
          .where('id', '=', appointmentId)
          .executeTakeFirstOrThrow()
      ).fiche_id;
      const insert = (start: string) =>
        t.ctx.db
          .insertInto('appointments')
          .values({
            group_id: groupId,
            fiche_id: fiche,
            intervention_id: id.cut!,
            calendar_id: id.bob!,
            starts_at: start,
            ends_at: new Date(new Date(start).getTime() + 45 * 60_000),
            duration: 45,
            vevent: '{}',
          })
          .execute();
      await insert('2026-06-01T08:00:00Z');
      await insert('2026-09-01T08:00:00Z');
      await insert('2025-06-01T08:00:00Z'); // more than a year ago: not listed
      const list = await call(
        t,
        'GET',
        `/api/v3/appointments?group_id=${groupId}&include_past=1&limit_past=12`,
        { token },
      );
      expect(list.status).toBe(200);
      expect(list.body.map((a: { start: string }) => a.start.slice(0, 10))).toEqual([
        '2026-12-03',
        '2026-09-01',
        '2026-06-01',
      ]);
      const limited = await call(
        t,
        'GET',
        `/api/v3/appointments?group_id=${groupId}&include_past=1&limit_past=1`,
        { token },
      );
      expect(limited.body).toHaveLength(2);
      const futureOnly = await call(t, 'GET', `/api/v3/appointments?group_id=${groupId}`, { token });
      expect(futureOnly.body).toHaveLength(1);
      expect((await call(t, 'GET', `/api/v3/appointments?group_id=${groupId}`)).status).toBe(401);
    });

    it('exports the booking as an iCalendar file', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v3/groups/${groupId}/appointments/${appointmentId}.ics?apikey=test-key&token=${token}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/calendar');
      const event = new ICAL.Event(
        new ICAL.Component(ICAL.parse(response.body)).getFirstSubcomponent('vevent')!,
      );
      expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-03T09:00:00.000Z');
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/v3/groups/${groupId}/appointments/${appointmentId}.ics?apikey=test-key`,
      });
      expect(other.statusCode).toBe(401);
    });

    it('changes the slot in place, freeing the old one, and refuses too close to the start', async () => {
      // The group has the v3 flag and the Account profile, so even a guest may change what they booked.
      expect(
        (
          await call(t, 'GET', `/api/v3/appointments/${appointmentId}/editable?group_id=${groupId}`, {
            token,
          })
        ).body.editable,
      ).toBe(true);
      await createAccount(t.ctx.db, { email: 'editor@example.com' });
      const editor = await loginAs(t, 'editor@example.com');
      const ficheId = (
        await call(t, 'POST', `/api/v3/groups/${groupId}/fiches`, {
          token: editor,
          body: { fiche: { firstname: 'Edi', lastname: 'Tor' } },
        })
      ).body.id;
      const booked = await book(
        t,
        {
          date: '2026-12-04T10:00:00+01:00',
          group_id: groupId,
          fiche: ficheId,
          intervention_ids: [id.cut],
          calendar_id: id.alice,
          ...reason,
        },
        { token: editor },
      );
      const aptId = booked.body.records[0].id;
      expect(
        (
          await call(t, 'GET', `/api/v3/appointments/${aptId}/editable?group_id=${groupId}`, {
            token: editor,
          })
        ).body.editable,
      ).toBe(true);
      const moved = await call(t, 'PUT', `/api/v3/appointments/${aptId}?group_id=${groupId}`, {
        token: editor,
        body: { appointment: { date: '2026-12-04T11:00:00+01:00', comments: 'moved' } },
      });
      expect(moved.status).toBe(200);
      expect(moved.body.records[0]).toMatchObject({
        id: aptId,
        start: '2026-12-04T10:00:00.000Z',
        comments: 'moved',
      });
      const freed = await book(t, {
        date: '2026-12-04T10:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Freed'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      });
      expect(freed.status).toBe(201);
      const taken = await call(t, 'PUT', `/api/v3/appointments/${aptId}?group_id=${groupId}`, {
        token: editor,
        body: { appointment: { date: '2026-12-04T10:00:00+01:00' } },
      });
      expect(taken.body.message).toBe('v3_error.appointment.availabletimeslots');
      const still = await call(t, 'GET', `/api/v3/appointments?group_id=${groupId}`, { token: editor });
      expect(still.body[0].start).toBe('2026-12-04T10:00:00.000Z');
      expect((await latestMailTo(t.ctx.db, 'editor@example.com'))?.subject).toBeTruthy();

      t.clock.set('2026-12-03T12:00:00Z');
      try {
        const fresh = await loginAs(t, 'editor@example.com');
        const late = await call(t, 'PUT', `/api/v3/appointments/${aptId}?group_id=${groupId}`, {
          token: fresh,
          body: { appointment: { date: '2026-12-04T14:00:00+01:00' } },
        });
        expect(late.body.message).toBe('mintimeRDVModifyError');
      } finally {
        t.clock.set('2026-11-23T08:00:00Z');
      }
    });

    it('cancels, then says aptAlreadyCanceled with the phone; refuses within the notice with error code 10', async () => {
      const cancel = (ids: number[], tok = token) =>
        call(t, 'POST', `/api/v3/groups/${groupId}/appointments/batch_delete`, {
          token: tok,
          body: { appointments: ids.map((i) => ({ id: i })) },
        });
      const done = await cancel([appointmentId]);
      expect(done.status).toBe(200);
      expect(done.body.records[0]).toMatchObject({ id: appointmentId, status: 'cancelled' });
      const again = await cancel([appointmentId]);
      expect(again.body).toMatchObject({ message: 'aptAlreadyCanceled', phone: '+33 1 23 45 67 89' });

      const soon = await book(t, {
        date: '2026-11-23T16:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Soon'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      });
      const refused = await cancel([soon.body.records[0].id], soon.body.fiche_token);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        message: 'mintimeRDVError',
        errorCode: 10,
        errors: [{ errorCode: 10, error: 'mintimeRDVError' }],
      });
    });

    it('cancels a pack as a whole, even when only an included appointment is named', async () => {
      const slot = (await slots(t, groupId, `start=2026-12-07&appointments[0][pack_id]=${id['pack-full']}`))
        .body.availabletimeslots[0];
      const pack = await book(t, {
        date: slot.start,
        group_id: groupId,
        fiche: newFiche('Whole'),
        appointments: { 0: { pack_id: id['pack-full'] } },
        ...reason,
      });
      const [, included] = pack.body.records;
      const done = await call(t, 'POST', `/api/v3/groups/${groupId}/appointments/batch_delete`, {
        token: pack.body.fiche_token,
        body: { appointments: [{ id: included.id }] },
      });
      expect(done.body.records.map((r: { type: string }) => r.type).sort()).toEqual(['first', 'included']);
      expect(done.body.records.every((r: { status: string }) => r.status === 'cancelled')).toBe(true);
      expect((await latestMailTo(t.ctx.db, 'whole@example.com'))?.subject).toBeTruthy();
    });

    it('lets a cancel link reach only its own appointment and only to cancel', async () => {
      const a = await book(t, {
        date: '2026-12-08T10:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Linked'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      });
      const aptId = a.body.records[0].id;
      const mail = await latestMailTo(t.ctx.db, 'linked@example.com');
      const cancelLink = /https?:\/\/\S+cancel_apt=\d+/.exec(mail!.text_body)![0];
      const ficheKey = new URL(cancelLink).searchParams.get('ficheKey');
      const login = await call(t, 'POST', '/api/v3/sessions/login.json', {
        body: { account: { ficheKey, group_id: groupId } },
      });
      expect(login.body.account.cancel_apt).toBe(aptId);
      const linkToken = login.body.fiche_token;
      const exportTry = await t.app.inject({
        method: 'GET',
        url: `/api/v3/groups/${groupId}/appointments/${aptId}.ics?apikey=test-key&token=${linkToken}`,
      });
      expect(exportTry.statusCode).toBe(403);
      const cancelled = await call(t, 'POST', `/api/v3/groups/${groupId}/appointments/batch_delete`, {
        token: linkToken,
        body: { appointments: [{ id: aptId }] },
      });
      expect(cancelled.status).toBe(200);
    });

    it('refuses to cancel appointments that are not the caller’s, without saying whether they exist', async () => {
      const other = await book(t, {
        date: '2026-12-09T10:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Other'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...reason,
      });
      const refused = await call(t, 'POST', `/api/v3/groups/${groupId}/appointments/batch_delete`, {
        token,
        body: { appointments: [{ id: other.body.records[0].id }] },
      });
      expect(refused.status).toBe(404);
      const unknown = await call(t, 'POST', `/api/v3/groups/${groupId}/appointments/batch_delete`, {
        token,
        body: { appointments: [{ id: 999999 }] },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(refused.body.message);
    });
  });
});
