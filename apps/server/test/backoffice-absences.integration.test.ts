/**
 * Absences and closures from the back office (docs/back-office.md "Absences and closures"): who may
 * block time where, the public slots vanishing at once and coming back when the absence goes, the
 * appointments inside a new absence listed, weekly series, and — on real PostgreSQL — an absence
 * created while bookings stream in: no booking is accepted inside it once it is answered.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/database.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createStaffMember } from './support/accounts.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('back office: absences', (database, engine) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  const tokens: Record<string, string> = {};

  async function member(name: string, role: StaffRole, calendars: number[] = []) {
    tokens[name] = (
      await createStaffMember(t, groupId, { email: `${name}@absences.example`, role, calendars })
    ).token;
  }

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'absences' }))).id;
    id = await idsByExternid(t, groupId);
    await member('manager', 'manager');
    await member('alice', 'staff', [id.alice!]);
  });
  afterAll(async () => {
    await t.app.close();
  });

  const absence = (who: string, body: Record<string, unknown>) =>
    call(t, 'POST', `/api/v3/admin/groups/${groupId}/absences`, { token: tokens[who]!, body });
  const removeAbsence = (who: string, absenceId: number, series = false) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v3/admin/groups/${groupId}/absences/${absenceId}?apikey=test-key&token=${tokens[who]}${series ? '&series=1' : ''}`,
    });
  const slotStarts = async (date: string, calendar: number) =>
    (
      await slots(t, groupId, `start=${date}&nDays=1&intervention_ids[]=${id.cut}&calendar_id=${calendar}`)
    ).body.availabletimeslots.map((slot: { start: string }) => slot.start) as string[];
  const blockCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('schedule_exceptions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('group_id', '=', groupId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes the afternoon off the public slots at once, lists the appointment inside, and gives it back', async () => {
    const before = await slotStarts('2026-11-24', id.alice!);
    expect(before).toContain('2026-11-24T15:00:00+01:00');
    const booked = await book(t, {
      date: '2026-11-24T15:00:00+01:00',
      group_id: groupId,
      fiche: newFiche('Inès'),
      intervention_ids: [id.cut],
      calendar_id: id.alice,
    });
    expect(booked.status).toBe(201);

    const created = await absence('alice', {
      calendar_ids: [id.alice],
      from: '2026-11-24T14:00',
      to: '2026-11-24T18:00',
      label: 'Formation',
    });
    expect(created.status).toBe(201);
    expect(created.body.blocks).toEqual([
      expect.objectContaining({
        calendar_id: id.alice,
        kind: 'absence',
        starts_local: '2026-11-24T14:00',
        ends_local: '2026-11-24T18:00',
        label: 'Formation',
      }),
    ]);
    expect(created.body.affected.map((a: { id: number }) => a.id)).toEqual([booked.body.records[0].id]);
    const during = await slotStarts('2026-11-24', id.alice!);
    expect(during.filter((start) => start >= '2026-11-24T14:00')).toEqual([]);
    expect(during).toContain('2026-11-24T09:00:00+01:00');

    const removed = await removeAbsence('alice', created.body.blocks[0].id);
    expect([removed.statusCode, removed.json()]).toEqual([200, { deleted: 1 }]);
    expect(await slotStarts('2026-11-24', id.alice!)).toContain('2026-11-24T16:00:00+01:00');
  });

  it('keeps staff to their calendars and whole-group closures to those who work on all', async () => {
    const before = await blockCount();
    const other = await absence('alice', {
      calendar_ids: [id.bob],
      from: '2026-11-25T09:00',
      to: '2026-11-25T12:00',
    });
    expect(other.status).toBe(403);
    const closure = await absence('alice', {
      calendar_ids: null,
      kind: 'closure',
      from: '2026-11-25T00:00',
      to: '2026-11-26T00:00',
    });
    expect(closure.status).toBe(403);
    const unknown = await absence('manager', {
      calendar_ids: [999_999],
      from: '2026-11-25T09:00',
      to: '2026-11-25T10:00',
    });
    expect([unknown.status, unknown.body.message]).toEqual([422, 'calendarNotFound']);
    expect(await blockCount()).toBe(before);

    const whole = await absence('manager', {
      calendar_ids: null,
      kind: 'closure',
      from: '2026-11-25T00:00',
      to: '2026-11-26T00:00',
      label: 'Inventaire',
    });
    expect(whole.status).toBe(201);
    expect(whole.body.blocks).toHaveLength(3);
    expect(await slotStarts('2026-11-25', id.bob!)).toEqual([]);
    // The staff member may not remove the closure of a calendar she does not work on.
    const bobBlock = whole.body.blocks.find((b: { calendar_id: number }) => b.calendar_id === id.bob);
    expect((await removeAbsence('alice', bobBlock.id)).statusCode).toBe(404);
  });

  it('repeats an absence every week, and removes the whole series at once', async () => {
    const created = await absence('alice', {
      calendar_ids: [id.alice],
      from: '2026-12-01T12:00',
      to: '2026-12-01T14:00',
      weekly_until: '2026-12-15',
    });
    expect(created.status).toBe(201);
    expect(created.body.series).toEqual(expect.any(String));
    expect(created.body.blocks.map((b: { starts_local: string }) => b.starts_local)).toEqual([
      '2026-12-01T12:00',
      '2026-12-08T12:00',
      '2026-12-15T12:00',
    ]);
    expect(await slotStarts('2026-12-08', id.alice!)).not.toContain('2026-12-08T12:00:00+01:00');
    const removed = await removeAbsence('alice', created.body.blocks[1].id, true);
    expect(removed.json()).toEqual({ deleted: 3 });
    expect(await slotStarts('2026-12-08', id.alice!)).toContain('2026-12-08T12:00:00+01:00');
  });

  it('repeats every other week on chosen weekdays, and monthly on the same weekday of the month', async () => {
    const fortnightly = await absence('manager', {
      calendar_ids: [id.bob],
      from: '2026-12-21T08:00',
      to: '2026-12-21T09:00',
      label: 'Formation',
      repeat: { every: 'week', interval: 2, weekdays: [1, 3], until: '2027-01-20' },
    });
    expect(fortnightly.status).toBe(201);
    expect(fortnightly.body.blocks.map((b: { starts_local: string }) => b.starts_local)).toEqual([
      '2026-12-21T08:00',
      '2026-12-23T08:00',
      '2027-01-04T08:00',
      '2027-01-06T08:00',
      '2027-01-18T08:00',
      '2027-01-20T08:00',
    ]);
    // The last Thursday of each month, a closure of the whole group (three calendars).
    const monthly = await absence('manager', {
      calendar_ids: null,
      kind: 'closure',
      from: '2026-12-31T14:00',
      to: '2026-12-31T18:00',
      repeat: { every: 'month', month_by: 'weekday', until: '2027-03-31' },
    });
    expect(monthly.status).toBe(201);
    const starts = [...new Set(monthly.body.blocks.map((b: { starts_local: string }) => b.starts_local))];
    expect(starts).toEqual(['2026-12-31T14:00', '2027-01-28T14:00', '2027-02-25T14:00', '2027-03-25T14:00']);
    expect(await slotStarts('2027-01-28', id.alice!)).not.toContain('2027-01-28T15:00:00+01:00');
    for (const series of [fortnightly, monthly])
      expect((await removeAbsence('manager', series.body.blocks[0].id, true)).statusCode).toBe(200);
    expect(await slotStarts('2027-01-28', id.alice!)).toContain('2027-01-28T15:00:00+01:00');
  });

  it('refuses a repetition with no day, or too many, or two rules at once', async () => {
    const before = await blockCount();
    const base = { calendar_ids: [id.alice], from: '2026-12-07T12:00', to: '2026-12-07T13:00' };
    const none = await absence('manager', {
      ...base,
      repeat: { every: 'week', weekdays: [3], until: '2026-12-08' },
    });
    expect([none.status, none.body.message]).toEqual([422, 'noOccurrence']);
    for (const repeat of [
      { every: 'day', until: '2027-12-31' },
      { every: 'day', interval: 0, until: '2026-12-31' },
      { every: 'week', weekdays: [8], until: '2026-12-31' },
      { every: 'fortnight', until: '2026-12-31' },
      { every: 'month', until: '2026-12-01' },
      { every: 'month', until: '2026-12-31', extra: true },
    ]) {
      const response = await absence('manager', { ...base, repeat });
      expect(response.status, JSON.stringify(repeat)).toBe(400);
    }
    const both = await absence('manager', {
      ...base,
      weekly_until: '2026-12-31',
      repeat: { every: 'week', until: '2026-12-31' },
    });
    expect(both.status).toBe(400);
    expect(await blockCount()).toBe(before);
  });

  it('lists the absences not yet over on the calendars the caller works on, with their series', async () => {
    const list = (who: string) =>
      call(t, 'GET', `/api/v3/admin/groups/${groupId}/absences`, { token: tokens[who]! });
    const weekly = await absence('alice', {
      calendar_ids: [id.alice],
      from: '2026-12-02T12:00',
      to: '2026-12-02T13:00',
      label: 'Déjeuner',
      weekly_until: '2026-12-09',
    });
    const bobs = await absence('manager', {
      calendar_ids: [id.bob],
      from: '2026-12-03T09:00',
      to: '2026-12-03T10:00',
    });
    // Over already: the clock says Monday 23 November 2026, 09:00 in Paris.
    const past = await absence('manager', {
      calendar_ids: [id.alice],
      from: '2026-11-23T07:00',
      to: '2026-11-23T08:30',
    });
    expect([weekly.status, bobs.status, past.status]).toEqual([201, 201, 201]);

    const alices = await list('alice');
    expect(alices.status).toBe(200);
    expect(alices.body).toMatchObject({
      time_zone: 'Europe/Paris',
      now_local: '2026-11-23T09:00',
      more: false,
    });
    expect(alices.body.calendars.map((c: { id: number }) => c.id)).toEqual([id.alice]);
    const mine = alices.body.absences.filter((a: { label: string | null }) => a.label === 'Déjeuner');
    expect(mine).toEqual([
      expect.objectContaining({
        starts_local: '2026-12-02T12:00',
        kind: 'absence',
        series: weekly.body.series,
      }),
      expect.objectContaining({ starts_local: '2026-12-09T12:00', ends_local: '2026-12-09T13:00' }),
    ]);
    const listedIds = alices.body.absences.map((a: { id: number }) => a.id);
    expect(listedIds).not.toContain(bobs.body.blocks[0].id);
    expect(listedIds).not.toContain(past.body.blocks[0].id);

    const managers = await list('manager');
    expect(managers.body.absences.map((a: { id: number }) => a.id)).toContain(bobs.body.blocks[0].id);
    expect(managers.body.calendars.length).toBeGreaterThan(1);
    const starts = managers.body.absences.map((a: { starts_local: string }) => a.starts_local);
    expect(starts).toEqual([...starts].sort());

    await removeAbsence('alice', weekly.body.blocks[0].id, true);
    await removeAbsence('manager', bobs.body.blocks[0].id);
    await removeAbsence('manager', past.body.blocks[0].id);
  });

  it('refuses times that make no sense, and nothing is written', async () => {
    const before = await blockCount();
    for (const body of [
      { calendar_ids: [id.alice], from: '2026-11-26T12:00', to: '2026-11-26T11:00' },
      { calendar_ids: [id.alice], from: '2026-02-30T12:00', to: '2026-03-01T11:00' },
      { calendar_ids: [id.alice], from: '2026-11-26T25:00', to: '2026-11-27T11:00' },
      { calendar_ids: [id.alice], from: '2026-11-26 12:00', to: '2026-11-26T13:00' },
      { calendar_ids: [], from: '2026-11-26T12:00', to: '2026-11-26T13:00' },
      {
        calendar_ids: [id.alice],
        from: '2026-11-26T12:00',
        to: '2026-11-26T13:00',
        weekly_until: '2026-11-01',
      },
      {
        calendar_ids: [id.alice],
        from: '2026-11-26T12:00',
        to: '2026-11-26T13:00',
        weekly_until: '2029-01-01',
      },
      { calendar_ids: [id.alice], from: '2026-11-26T12:00', to: '2026-11-26T13:00', label: 'x'.repeat(101) },
    ]) {
      const response = await absence('manager', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await blockCount()).toBe(before);
  });

  it('accepts no booking inside an absence once it is answered, while bookings stream in', async () => {
    const day = '2026-11-26';
    const starts = await slotStarts(day, id.bob!);
    expect(starts.length).toBeGreaterThan(10);
    // The absence goes in once the first bookings are answered, while the others are in flight.
    let answered = 0;
    let firstAnswers: () => void = () => {};
    const firstBookingsAnswered = new Promise<void>((resolve) => {
      firstAnswers = resolve;
    });
    const bookings = starts.map(async (start, index) => {
      const response = await book(t, {
        date: start,
        group_id: groupId,
        fiche: newFiche(`Rush${String.fromCharCode(97 + (index % 26))}${index}`),
        intervention_ids: [id.cut],
        calendar_id: id.bob,
      });
      if (response.status !== 201)
        expect([response.status, response.body.message]).toEqual([
          409,
          'v3_error.appointment.availabletimeslots',
        ]);
      if (++answered === 3) firstAnswers();
      return response;
    });
    const blocking = (async () => {
      await firstBookingsAnswered;
      return absence('manager', { calendar_ids: [id.bob], from: `${day}T00:00`, to: `${day}T23:59` });
    })();
    const [created] = await Promise.all([blocking, ...bookings]);
    expect(created.status).toBe(201);
    console.log(
      'RACE',
      (await Promise.all(bookings)).map((r) => r.status).join(','),
      created.body.affected.length,
    );
    const listed = new Set(created.body.affected.map((a: { id: number }) => a.id));
    const inside = await t.ctx.db
      .selectFrom('appointments')
      .select('id')
      .where('group_id', '=', groupId)
      .where('calendar_id', '=', id.bob!)
      .where('status', '=', 'confirmed')
      .where('starts_at', '>=', new Date(`${day}T00:00:00+01:00`))
      .where('starts_at', '<', new Date(`${day}T23:59:00+01:00`))
      .execute();
    // Every appointment inside the absence was already there when it was written, and listed.
    for (const row of inside) expect(listed.has(row.id), `appointment ${row.id} listed`).toBe(true);
    expect(await slotStarts(day, id.bob!)).toEqual([]);
  });

  // Needs a second connection: the test holds the absence's transaction open on one.
  if (engine === 'postgres')
    it('refuses a booking that read the schedule before an absence and waited behind it for the calendar', async () => {
      const day = '2026-11-27';
      const [start] = await slotStarts(day, id.bob!);
      expect(start).toBeDefined();
      let booking: ReturnType<typeof book> | undefined;
      await t.ctx.db.transaction().execute(async (trx) => {
        // What the absence service does: the booking's calendar locks, then the absence.
        await sql`select id from calendars where id = ${id.bob} for update`.execute(trx);
        await sql`insert into schedule_exceptions (group_id, calendar_id, kind, starts_local, ends_local)
          values (${groupId}, ${id.bob}, 'absence', ${`${day} 00:00`}::timestamp, ${`${day} 23:59`}::timestamp)`.execute(
          trx,
        );
        booking = book(t, {
          date: start,
          group_id: groupId,
          fiche: newFiche('Tardive'),
          intervention_ids: [id.cut],
          calendar_id: id.bob,
        });
        // Long enough for the booking to read its schedule and queue for the calendar lock.
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const response = await booking!;
      expect([response.status, response.body.message]).toEqual([
        409,
        'v3_error.appointment.availabletimeslots',
      ]);
    });
});
