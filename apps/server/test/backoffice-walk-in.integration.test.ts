/**
 * Booking from the agenda (docs/back-office.md "Booking from the agenda"): staff book a walk-in or a
 * caller through the same booking service as the pages — same place check, same person rules, same
 * mails unless they choose not to tell the customer; owners and managers may book past the notice
 * limits and the capacity with a reason that the history keeps; every role is held to its rights and
 * a refused booking leaves nothing behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/database.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, createStaffMember, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const CONFLICT = 'v3_error.appointment.availabletimeslots';

forEachDatabase('back office: booking from the agenda', (database) => {
  let t: TestApp;
  let groupId: number;
  let otherGroupFiche: number;
  let id: Record<string, number>;
  const tokens: Record<string, string | null> = { anonymous: null };

  async function member(name: string, role: StaffRole, calendars: number[] = []) {
    tokens[name] = (
      await createStaffMember(t, groupId, {
        email: `${name}@walkin.example`,
        role,
        calendars,
        name: `Staff ${name}`,
      })
    ).token;
  }

  const bookAs = (who: string, body: Record<string, unknown>) =>
    call(t, 'POST', `/api/v3/admin/groups/${groupId}/appointments`, { token: tokens[who] ?? null, body });
  const walkIn = (overrides: Record<string, unknown> = {}) => ({
    calendar_id: id.alice,
    intervention_id: id.cut,
    customer: { firstname: 'Inès', lastname: 'Walk', phone: '06 12 34 56 78' },
    ...overrides,
  });
  const detail = (appointmentId: number) =>
    call(t, 'GET', `/api/v3/admin/groups/${groupId}/appointments/${appointmentId}`, { token: tokens.owner! });
  const free = async (date: string, calendar: number) =>
    (
      (await slots(t, groupId, `start=${date}&nDays=1&intervention_ids[]=${id.cut}&calendar_id=${calendar}`))
        .body.availabletimeslots as { start: string }[]
    ).map((slot) => slot.start);
  const rowCounts = async () => ({
    appointments: Number(
      (
        await t.ctx.db
          .selectFrom('appointments')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('group_id', '=', groupId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    fiches: Number(
      (
        await t.ctx.db
          .selectFrom('fiches')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('group_id', '=', groupId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const mailsTo = async (address: string) =>
    (await t.ctx.db.selectFrom('mail_outbox').select('id').where('to_address', '=', address).execute())
      .length;

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris; the group asks for an hour's notice.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'walkin' }))).id;
    id = await idsByExternid(t, groupId);
    const otherGroup = (
      await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'walkin-other', website: null }))
    ).id;
    const elsewhere = await book(
      t,
      {
        date: '2026-11-24T09:00:00+01:00',
        group_id: otherGroup,
        fiche: newFiche('Ailleurs'),
        intervention_ids: [(await idsByExternid(t, otherGroup)).cut],
      },
      { ip: '198.51.100.200' },
    );
    otherGroupFiche = elsewhere.body.fiche.id;
    await member('owner', 'owner');
    await member('manager', 'manager');
    await member('alice', 'staff', [id.alice!]);
    await member('desk', 'callcentre');
    await createAccount(t.ctx.db, { email: 'someone@walkin.example' });
    tokens.customer = await loginAs(t, 'someone@walkin.example', undefined, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('books a new customer on a free place, as the booking pages would, and tells them', async () => {
    const booked = await bookAs(
      'alice',
      walkIn({
        start: '2026-11-24T10:00:00+01:00',
        customer: { firstname: 'Inès', lastname: 'Walk', email: 'ines.walk@example.com' },
        comments: '  Première visite  ',
      }),
    );
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      calendar_id: id.alice,
      starts_local: '2026-11-24T10:00',
      ends_local: '2026-11-24T10:45',
      status: 'confirmed',
      booked_by_staff: true,
      customer: { firstname: 'Inès', lastname: 'Walk' },
    });
    expect(await free('2026-11-24', id.alice!)).not.toContain('2026-11-24T10:00:00+01:00');
    expect(await mailsTo('ines.walk@example.com')).toBe(1);
    const history = (await detail(booked.body.id)).body.history;
    expect(history).toEqual([
      expect.objectContaining({ action: 'booked', actor: 'staff', actor_name: 'Staff alice' }),
    ]);
  });

  it('books an existing customer of the group without mailing them when asked not to', async () => {
    const first = await bookAs(
      'owner',
      walkIn({
        start: '2026-11-24T11:00:00+01:00',
        customer: { firstname: 'Paul', lastname: 'Habitué', email: 'paul@example.com' },
        notify_customer: false,
      }),
    );
    expect(first.status).toBe(201);
    const again = await bookAs(
      'owner',
      walkIn({ start: '2026-11-25T11:00:00+01:00', customer: { fiche_id: first.body.customer.fiche_id } }),
    );
    expect(again.status).toBe(201);
    expect(again.body.customer.fiche_id).toBe(first.body.customer.fiche_id);
    // The first was not mailed, the second was.
    expect(await mailsTo('paul@example.com')).toBe(1);
  });

  it('refuses a taken place, a closed hour and a customer of another group, and writes nothing', async () => {
    expect((await bookAs('alice', walkIn({ start: '2026-11-24T15:00:00+01:00' }))).status).toBe(201);
    const before = await rowCounts();
    const refusals = [
      await bookAs('alice', walkIn({ start: '2026-11-24T15:00:00+01:00' })),
      // Monday 12:00–14:00 is closed, and an override does not open it.
      await bookAs('owner', walkIn({ start: '2026-11-30T12:30:00+01:00', override_reason: 'Urgence' })),
      await bookAs('alice', walkIn({ start: '2026-11-24T16:07:00+01:00' })),
    ];
    expect(refusals.map((r) => [r.status, r.body.message])).toEqual([
      [409, CONFLICT],
      [409, CONFLICT],
      [409, CONFLICT],
    ]);
    const foreign = await bookAs(
      'alice',
      walkIn({ start: '2026-11-24T16:00:00+01:00', customer: { fiche_id: otherGroupFiche } }),
    );
    expect(foreign.status).toBe(403);
    expect(await rowCounts()).toEqual(before);
  });

  it('holds staff to the notice rule, and lets an owner or a manager book past it with a reason kept', async () => {
    // 09:30 is within the hour of notice the group asks for.
    const soon = walkIn({ start: '2026-11-23T09:30:00+01:00' });
    expect((await bookAs('alice', soon)).body.message).toBe(CONFLICT);
    expect((await bookAs('alice', { ...soon, override_reason: 'Client à la porte' })).status).toBe(403);
    const forced = await bookAs('manager', { ...soon, override_reason: 'Client à la porte' });
    expect(forced.status).toBe(201);
    const history = (await detail(forced.body.id)).body.history;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['booked', 'override']);
    expect(history[1]).toMatchObject({
      actor: 'staff',
      actor_name: 'Staff manager',
      details: { reason: 'Client à la porte' },
    });
  });

  it('lets an owner book a full place once more with a reason; the pages still see it full', async () => {
    const start = '2026-11-26T10:00:00+01:00';
    expect((await bookAs('alice', walkIn({ start }))).status).toBe(201);
    const full = await bookAs('owner', walkIn({ start }));
    expect(full.body.message).toBe(CONFLICT);
    // Another person: the same one twice at once would be refused by the person rules, which stay.
    const forced = await bookAs(
      'owner',
      walkIn({
        start,
        customer: { firstname: 'Marc', lastname: 'Double', phone: '06 98 76 54 32' },
        override_reason: 'Rendez-vous double accepté',
      }),
    );
    expect(forced.status).toBe(201);
    const confirmed = await t.ctx.db
      .selectFrom('appointments')
      .select('id')
      .where('group_id', '=', groupId)
      .where('calendar_id', '=', id.alice!)
      .where('starts_at', '=', new Date(start))
      .where('status', '=', 'confirmed')
      .execute();
    expect(confirmed).toHaveLength(2);
    expect(await free('2026-11-26', id.alice!)).not.toContain(start);
    const customer = await book(
      t,
      {
        date: start,
        group_id: groupId,
        fiche: newFiche('Tard'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
      },
      { ip: '198.51.100.77' },
    );
    expect(customer.status).toBe(409);
  });

  it('lets only the roles that book, on their calendars, book from the agenda', async () => {
    const body = walkIn({ start: '2026-11-27T09:00:00+01:00' });
    expect((await bookAs('anonymous', body)).status).toBe(401);
    expect((await bookAs('customer', body)).status).toBe(403);
    expect((await bookAs('desk', body)).status).toBe(403);
    // Staff work only on their own calendar.
    expect((await bookAs('alice', { ...body, calendar_id: id.bob })).status).toBe(403);
    expect((await bookAs('manager', { ...body, calendar_id: id.bob })).status).toBe(201);
  });

  describe('refuses malformed requests with the field named', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['a reason too short to mean anything', { override_reason: 'x' }, 'override_reason'],
      [
        'a customer both known and new',
        { customer: { fiche_id: 1, firstname: 'A', lastname: 'B' } },
        'customer',
      ],
      ['a customer without a name', { customer: { firstname: 'A' } }, 'customer'],
      ['no start', { start: undefined }, 'start'],
      ['a start without a date', { start: '10:00' }, 'start'],
      ['a calendar id that is not one', { calendar_id: -3 }, 'calendar_id'],
    ];
    it.each(cases)('%s', async (_label, change, field) => {
      const before = await rowCounts();
      const refused = await bookAs('owner', { ...walkIn({ start: '2026-11-27T14:00:00+01:00' }), ...change });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(field);
      expect(await rowCounts()).toEqual(before);
    });
  });

  it('lets exactly one of a walk-in and a customer booking racing for the same place win', async () => {
    const start = '2026-11-27T16:00:00+01:00';
    const [desk, page] = await Promise.all([
      bookAs('alice', walkIn({ start })),
      book(
        t,
        {
          date: start,
          group_id: groupId,
          fiche: newFiche('Course'),
          intervention_ids: [id.cut],
          calendar_id: id.alice,
        },
        { ip: '198.51.100.78' },
      ),
    ]);
    expect([desk.status, page.status].sort()).toEqual([201, 409]);
    const confirmed = await t.ctx.db
      .selectFrom('appointments')
      .select('id')
      .where('calendar_id', '=', id.alice!)
      .where('starts_at', '=', new Date(start))
      .where('status', '=', 'confirmed')
      .execute();
    expect(confirmed).toHaveLength(1);
  });
});
