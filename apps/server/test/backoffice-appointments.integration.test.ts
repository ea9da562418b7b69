/**
 * The staff's actions on an appointment (docs/back-office.md "Appointment detail"): move, cancel
 * with or without telling the customer, the history of who did what, the roles' limits — and, on
 * real PostgreSQL, a staff move racing a customer booking for the same place: exactly one wins.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/database.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, createStaffMember, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const CONFLICT = 'v3_error.appointment.availabletimeslots';

forEachDatabase('back office: appointment actions', (database, engine) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  const tokens: Record<string, string> = {};
  let customerCount = 0;

  async function member(name: string, role: StaffRole, calendars: number[] = []) {
    tokens[name] = (
      await createStaffMember(t, groupId, {
        email: `${name}@actions.example`,
        role,
        calendars,
        name: `Staff ${name}`,
      })
    ).token;
  }

  const free = async (date: string, calendar: number) =>
    (await slots(t, groupId, `start=${date}&nDays=1&intervention_ids[]=${id.cut}&calendar_id=${calendar}`))
      .body.availabletimeslots as { start: string }[];

  /** Books for a new customer; answers the booking's answer and the customer's address. */
  async function bookAt(start: string, calendar: number) {
    customerCount++;
    const fiche = newFiche(`Client${String.fromCharCode(96 + customerCount)}`);
    // Each customer from their own address: the hourly limit per address is not under test here.
    const response = await book(
      t,
      { date: start, group_id: groupId, fiche, intervention_ids: [id.cut], calendar_id: calendar },
      { ip: `198.51.100.${customerCount}` },
    );
    return Object.assign(response, { email: fiche.email });
  }

  const admin = (who: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(t, method, `/api/v3/admin/groups/${groupId}/appointments/${path}`, {
      token: tokens[who]!,
      ...(body ? { body } : {}),
    });
  const mailsTo = async (address: string) =>
    (await t.ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', address).execute())
      .length;

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'actions' }))).id;
    id = await idsByExternid(t, groupId);
    await member('owner', 'owner');
    await member('alice', 'staff', [id.alice!]);
    await member('desk', 'callcentre');
    await createAccount(t.ctx.db, { email: 'someone@actions.example' });
    tokens.customer = await loginAs(t, 'someone@actions.example', undefined, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('lets staff move their appointment to a free place, tells the customer, and keeps the history', async () => {
    const booked = await bookAt('2026-11-24T09:00:00+01:00', id.alice!);
    const appointment = booked.body.records[0];
    const mailsBefore = await mailsTo(booked.email);
    const moved = await admin('alice', 'POST', `${appointment.id}/move`, {
      start: '2026-11-24T11:00:00+01:00',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: appointment.id,
      starts_local: '2026-11-24T11:00',
      status: 'confirmed',
    });
    // The old place is free again, the new one taken.
    const starts = (await free('2026-11-24', id.alice!)).map((slot) => slot.start);
    expect(starts).toContain('2026-11-24T09:00:00+01:00');
    expect(starts).not.toContain('2026-11-24T11:00:00+01:00');
    expect(await mailsTo(booked.email)).toBe(mailsBefore + 1);
    const detail = await admin('alice', 'GET', `${appointment.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.history.map((entry: { action: string }) => entry.action)).toEqual(['booked', 'moved']);
    expect(detail.body.history[0]).toMatchObject({ actor: 'customer', actor_name: null });
    expect(detail.body.history[1]).toMatchObject({
      actor: 'staff',
      actor_name: 'Staff alice',
      details: { from: '2026-11-24T08:00:00.000Z', to: '2026-11-24T10:00:00.000Z' },
    });
  });

  it('refuses a move onto a taken place, and changes nothing', async () => {
    const first = (await bookAt('2026-11-25T09:00:00+01:00', id.alice!)).body.records[0];
    const second = (await bookAt('2026-11-25T11:00:00+01:00', id.alice!)).body.records[0];
    const refused = await admin('owner', 'POST', `${second.id}/move`, { start: '2026-11-25T09:00:00+01:00' });
    expect([refused.status, refused.body.message]).toEqual([409, CONFLICT]);
    const detail = await admin('owner', 'GET', `${second.id}`);
    expect(detail.body.appointment.starts_local).toBe('2026-11-25T11:00');
    expect(detail.body.history.map((entry: { action: string }) => entry.action)).toEqual(['booked']);
    expect(first.id).not.toBe(second.id);
  });

  it('keeps each role to what it may do', async () => {
    const onBob = (await bookAt('2026-11-26T09:00:00+01:00', id.bob!)).body.records[0];
    const onAlice = (await bookAt('2026-11-26T10:00:00+01:00', id.alice!)).body.records[0];
    // Staff: not another calendar's appointment, not onto another calendar.
    expect((await admin('alice', 'GET', `${onBob.id}`)).status).toBe(404);
    expect(
      (await admin('alice', 'POST', `${onBob.id}/move`, { start: '2026-11-26T14:00:00+01:00' })).status,
    ).toBe(404);
    expect(
      (
        await admin('alice', 'POST', `${onAlice.id}/move`, {
          start: '2026-11-26T14:00:00+01:00',
          calendar_id: id.bob,
        })
      ).status,
    ).toBe(403);
    expect((await admin('alice', 'POST', `${onBob.id}/cancel`, { notify_customer: true })).status).toBe(404);
    // The call centre and customers have no back office.
    for (const who of ['desk', 'customer']) {
      expect((await admin(who, 'GET', `${onAlice.id}`)).status).toBe(403);
      expect((await admin(who, 'POST', `${onAlice.id}/cancel`, { notify_customer: false })).status).toBe(403);
    }
    const detail = await admin('owner', 'GET', `${onAlice.id}`);
    expect(detail.body.appointment).toMatchObject({ status: 'confirmed', starts_local: '2026-11-26T10:00' });
    // The owner moves across calendars.
    const across = await admin('owner', 'POST', `${onAlice.id}/move`, {
      start: '2026-11-26T14:00:00+01:00',
      calendar_id: id.bob,
    });
    expect(across.body).toMatchObject({ calendar_id: id.bob, starts_local: '2026-11-26T14:00' });
  });

  it('moves to another calendar at the same time, checked like any move', async () => {
    const onAlice = (await bookAt('2026-11-30T09:00:00+01:00', id.alice!)).body.records[0];
    const across = await admin('owner', 'POST', `${onAlice.id}/move`, {
      start: '2026-11-30T09:00:00+01:00',
      calendar_id: id.bob,
    });
    expect(across.status).toBe(200);
    expect(across.body).toMatchObject({ calendar_id: id.bob, starts_local: '2026-11-30T09:00' });
    const detail = await admin('owner', 'GET', `${onAlice.id}`);
    expect(detail.body.history.at(-1)).toMatchObject({
      action: 'moved',
      details: { calendar_from: id.alice, calendar_to: id.bob },
    });
    // Back onto Alice's calendar, where someone has taken that hour meanwhile: refused, nothing moves.
    await bookAt('2026-11-30T09:00:00+01:00', id.alice!);
    const back = await admin('owner', 'POST', `${onAlice.id}/move`, {
      start: '2026-11-30T09:00:00+01:00',
      calendar_id: id.alice,
    });
    expect([back.status, back.body.message]).toEqual([409, CONFLICT]);
    expect((await admin('owner', 'GET', `${onAlice.id}`)).body.appointment.calendar_id).toBe(id.bob);
  });

  it('changes the service of a one-appointment booking, judged like a move, and says so in the history', async () => {
    const booked = (await bookAt('2026-12-01T09:00:00+01:00', id.alice!)).body.records[0];
    // Alice's colour lasts 75 minutes instead of the cut's 45, at the same start.
    const changed = await admin('owner', 'POST', `${booked.id}/move`, {
      start: '2026-12-01T09:00:00+01:00',
      intervention_id: id.color,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      intervention_id: id.color,
      starts_local: '2026-12-01T09:00',
      ends_local: '2026-12-01T10:15',
      price_amount: 6000,
    });
    const detail = await admin('owner', 'GET', `${booked.id}`);
    expect(detail.body.history.at(-1)).toMatchObject({
      action: 'moved',
      details: { service_from: 'Coupe', service_to: 'Couleur' },
    });
    // Bob does not perform the colour: refused, nothing changes.
    const refused = await admin('owner', 'POST', `${booked.id}/move`, {
      start: '2026-12-01T09:00:00+01:00',
      calendar_id: id.bob,
    });
    // The spec's answer to a calendar that does not perform the service (docs/api.md).
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Invalid calendar/);
    expect((await admin('owner', 'GET', `${booked.id}`)).body.appointment).toMatchObject({
      intervention_id: id.color,
      calendar_id: id.alice,
    });
  });

  it('refuses another service for a pack, which is booked as a whole, and changes nothing', async () => {
    const list = await slots(t, groupId, `start=2026-12-02&appointments[0][pack_id]=${id['pack-full']}`);
    const pack = await book(
      t,
      {
        date: list.body.availabletimeslots[0].start,
        group_id: groupId,
        fiche: newFiche('Packed'),
        appointments: { 0: { pack_id: id['pack-full'] } },
      },
      { ip: '198.51.100.200' },
    );
    expect(pack.status).toBe(201);
    const first = pack.body.records[0];
    const refused = await admin('owner', 'POST', `${first.id}/move`, {
      start: list.body.availabletimeslots[0].start,
      intervention_id: id.cut,
    });
    expect([refused.status, refused.body.message]).toEqual([422, 'serviceChangeSingle']);
    expect((await admin('owner', 'GET', `${first.id}`)).body.appointment).toMatchObject({
      intervention_id: first.intervention_id,
      status: 'confirmed',
    });
  });

  it('cancels without telling the customer when the staff says so, with the reason in the history', async () => {
    const quietBooking = await bookAt('2026-11-27T09:00:00+01:00', id.alice!);
    const quiet = quietBooking.body.records[0];
    const address = quietBooking.email;
    const before = await mailsTo(address);
    const cancelled = await admin('alice', 'POST', `${quiet.id}/cancel`, {
      reason: 'Doublon',
      notify_customer: false,
    });
    expect(cancelled.body).toMatchObject({ id: quiet.id, status: 'cancelled' });
    expect(await mailsTo(address)).toBe(before);
    const detail = await admin('alice', 'GET', `${quiet.id}`);
    expect(detail.body.history.at(-1)).toMatchObject({
      action: 'cancelled',
      actor: 'staff',
      details: { reason: 'Doublon', customer_told: false },
    });
    const again = await admin('alice', 'POST', `${quiet.id}/cancel`, { notify_customer: true });
    expect([again.status, again.body.message]).toEqual([409, 'aptAlreadyCanceled']);

    const toldBooking = await bookAt('2026-11-27T11:00:00+01:00', id.alice!);
    const told = toldBooking.body.records[0];
    const toldAddress = toldBooking.email;
    const toldBefore = await mailsTo(toldAddress);
    expect((await admin('owner', 'POST', `${told.id}/cancel`, { notify_customer: true })).status).toBe(200);
    expect(await mailsTo(toldAddress)).toBe(toldBefore + 1);
  });

  if (engine === 'postgres')
    it('gives a contested place to exactly one of a staff move and a customer booking', async () => {
      for (const [round, date] of [
        '2026-12-01',
        '2026-12-02',
        '2026-12-03',
        '2026-12-04',
        '2026-12-08',
      ].entries()) {
        const offered = await free(date, id.alice!);
        expect(offered.length, date).toBeGreaterThan(4);
        const [target, other] = offered.map((slot) => slot.start).filter((_, i) => i % 4 === 0);
        const movingBooking = await bookAt(other!, id.alice!);
        expect(movingBooking.status, JSON.stringify(movingBooking.body)).toBe(201);
        const moving = movingBooking.body.records[0];
        const [move, booking] = await Promise.all([
          admin('owner', 'POST', `${moving.id}/move`, { start: target }),
          bookAt(target!, id.alice!),
        ]);
        const winners = [move.status === 200, booking.status === 201].filter(Boolean).length;
        expect(winners, `round ${round}: ${move.status} ${booking.status}`).toBe(1);
        const loser = move.status === 200 ? booking : move;
        expect([loser.status, loser.body.message]).toEqual([409, CONFLICT]);
        const atTarget = await t.ctx.db
          .selectFrom('appointments')
          .select('id')
          .where('group_id', '=', groupId)
          .where('calendar_id', '=', id.alice!)
          .where('status', '=', 'confirmed')
          .where('starts_at', '=', new Date(target!))
          .execute();
        expect(atTarget).toHaveLength(1);
      }
    });
});
