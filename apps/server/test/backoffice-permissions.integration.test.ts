/**
 * The back office's roles through HTTP (docs/back-office.md "Roles"): each role against each
 * back-office call, staff limited to their calendars, members of one group against another group,
 * customers, link sessions and anonymous callers against all of them. Every refusal leaves the
 * database as it was.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/database.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, createStaffMember, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

type Caller =
  | 'owner'
  | 'manager'
  | 'staff'
  | 'staffAll'
  | 'callcentre'
  | 'otherOwner'
  | 'customer'
  | 'anonymous';

forEachDatabase('back office: roles', (database) => {
  let t: TestApp;
  let groupId: number;
  let otherGroupId: number;
  let id: Record<string, number>;
  const tokens: Partial<Record<Caller, string>> = {};
  const accounts: Partial<Record<Caller, number>> = {};
  let aliceAppointment: number;
  let bobAppointment: number;

  async function member(
    caller: Caller,
    group: number,
    role: StaffRole,
    options: { all?: boolean; calendars?: number[] } = {},
  ) {
    const created = await createStaffMember(t, group, {
      email: `${caller.toLowerCase()}@bo.example`,
      role,
      calendars: options.calendars,
      allCalendars: options.all,
    });
    accounts[caller] = created.accountId;
    tokens[caller] = created.token;
  }

  async function bookOn(calendar: number, firstname: string) {
    const list = await slots(
      t,
      groupId,
      `start=2026-11-24&intervention_ids[]=${id.cut}&calendar_id=${calendar}`,
    );
    const response = await book(t, {
      date: list.body.availabletimeslots[0].start,
      group_id: groupId,
      fiche: newFiche(firstname),
      intervention_ids: [id.cut],
      calendar_id: calendar,
    });
    expect(response.status).toBe(201);
    return response.body.records[0].id as number;
  }

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'bo-salon' }))).id;
    otherGroupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'bo-other', website: null })))
      .id;
    id = await idsByExternid(t, groupId);
    await member('owner', groupId, 'owner');
    await member('manager', groupId, 'manager');
    await member('staff', groupId, 'staff', { calendars: [id.alice!] });
    await member('staffAll', groupId, 'staff', { all: true });
    await member('callcentre', groupId, 'callcentre');
    await member('otherOwner', otherGroupId, 'owner');
    await createAccount(t.ctx.db, { email: 'customer@bo.example' });
    tokens.customer = await loginAs(t, 'customer@bo.example', undefined, groupId);
    aliceAppointment = await bookOn(id.alice!, 'Léa');
    bobAppointment = await bookOn(id.bob!, 'Noé');
  });
  afterAll(async () => {
    await t.app.close();
  });

  const as = (caller: Caller) => ({ token: caller === 'anonymous' ? null : tokens[caller]! });
  const agendaOf = (caller: Caller, query = 'from=2026-11-24&days=7') =>
    call(t, 'GET', `/api/v3/admin/groups/${groupId}/agenda?${query}`, as(caller));
  const mark = (caller: Caller, appointment: number, attendance: 'arrived' | 'no_show' | null) =>
    call(t, 'PUT', `/api/v3/admin/groups/${groupId}/appointments/${appointment}/attendance`, {
      ...as(caller),
      body: { attendance },
    });
  const marksInDatabase = () =>
    t.ctx.db
      .selectFrom('appointments')
      .select(['id', 'attendance', 'staff_note'])
      .where('group_id', '=', groupId)
      .orderBy('id')
      .execute();

  describe('who may read the agenda', () => {
    it.each([
      ['owner', 200],
      ['manager', 200],
      ['staff', 200],
      ['staffAll', 200],
      ['callcentre', 403],
      ['otherOwner', 403],
      ['customer', 403],
      ['anonymous', 401],
    ] as const)('%s → %i', async (caller, status) => {
      const response = await agendaOf(caller);
      expect(response.status).toBe(status);
      if (status === 401) expect(response.body.message).toBe('expiredConnection');
      if (status === 403) expect(response.body.message).toBe('forbidden');
    });

    it('shows managers every calendar and its appointments, in the group time zone', async () => {
      const { body } = await agendaOf('manager');
      expect(body.time_zone).toBe('Europe/Paris');
      expect(body).toMatchObject({ from: '2026-11-24', to: '2026-12-01' });
      expect(body.calendars.map((c: { id: number }) => c.id).sort()).toEqual(
        [id.alice, id.bob, id['room-1']].sort(),
      );
      const alice = body.appointments.find((a: { id: number }) => a.id === aliceAppointment);
      expect(alice).toMatchObject({
        calendar_id: id.alice,
        status: 'confirmed',
        attendance: null,
        intervention_name: 'Coupe',
        customer: { firstname: 'Léa', lastname: 'Martin' },
      });
      // 09:00 in Paris is 08:00 UTC in November.
      expect(alice.starts_local).toBe('2026-11-24T09:00');
      expect(alice.starts_at).toBe('2026-11-24T08:00:00.000Z');
      expect(body.appointments.map((a: { id: number }) => a.id)).toContain(bobAppointment);
    });

    it('shows a staff member only the calendars they work on, whatever they ask for', async () => {
      const { body } = await agendaOf(
        'staff',
        `from=2026-11-24&days=7&calendar_ids[]=${id.bob}&calendar_ids[]=${id.alice}`,
      );
      expect(body.calendars.map((c: { id: number }) => c.id)).toEqual([id.alice]);
      expect(body.appointments.map((a: { id: number }) => a.id)).toEqual([aliceAppointment]);
      const all = await agendaOf('staffAll');
      expect(all.body.appointments.map((a: { id: number }) => a.id).sort()).toEqual(
        [aliceAppointment, bobAppointment].sort(),
      );
    });

    it('lists closures of the days shown, in local wall-clock time', async () => {
      const { body } = await agendaOf('owner', 'from=2026-12-24&days=2');
      expect(body.blocks).toEqual([
        expect.objectContaining({
          calendar_id: id.bob,
          kind: 'closure',
          starts_local: '2026-12-24T00:00',
          ends_local: '2026-12-26T00:00',
          label: 'Noël',
        }),
      ]);
      const before = await agendaOf('owner', 'from=2026-12-22&days=2');
      expect(before.body.blocks).toEqual([]);
    });

    it('refuses a day that does not exist, a range too long, and another group in the path', async () => {
      for (const query of [
        'from=2026-02-30',
        'from=2026-11-24&days=15',
        'from=2026-11-24&days=0',
        'from=yesterday',
      ])
        expect((await agendaOf('owner', query)).status).toBe(400);
      const other = await call(
        t,
        'GET',
        `/api/v3/admin/groups/${otherGroupId}/agenda?from=2026-11-24`,
        as('owner'),
      );
      expect(other.status).toBe(403);
    });
  });

  describe('who may mark an appointment', () => {
    it.each([
      ['callcentre', 403],
      ['otherOwner', 403],
      ['customer', 403],
      ['anonymous', 401],
    ] as const)('%s → %i, and nothing changes', async (caller, status) => {
      const before = await marksInDatabase();
      expect((await mark(caller, aliceAppointment, 'arrived')).status).toBe(status);
      const note = await call(
        t,
        'PUT',
        `/api/v3/admin/groups/${groupId}/appointments/${aliceAppointment}/note`,
        {
          ...as(caller),
          body: { note: 'Allergique' },
        },
      );
      expect(note.status).toBe(status);
      expect(await marksInDatabase()).toEqual(before);
    });

    it('lets staff mark their own calendar only: another calendar is not found', async () => {
      const before = await marksInDatabase();
      const refused = await mark('staff', bobAppointment, 'no_show');
      expect([refused.status, refused.body.message]).toEqual([404, 'appointmentNotFound']);
      expect(await marksInDatabase()).toEqual(before);
      const done = await mark('staff', aliceAppointment, 'arrived');
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ id: aliceAppointment, attendance: 'arrived' });
    });

    it('lets managers and owners mark any appointment, clear the mark and keep a private note', async () => {
      expect((await mark('manager', bobAppointment, 'no_show')).body.attendance).toBe('no_show');
      expect((await mark('owner', bobAppointment, null)).body.attendance).toBeNull();
      const note = await call(
        t,
        'PUT',
        `/api/v3/admin/groups/${groupId}/appointments/${bobAppointment}/note`,
        {
          ...as('owner'),
          body: { note: 'Préfère le matin' },
        },
      );
      expect(note.body.staff_note).toBe('Préfère le matin');
      const rows = await marksInDatabase();
      expect(rows.find((r) => r.id === bobAppointment)).toMatchObject({
        attendance: null,
        staff_note: 'Préfère le matin',
      });
    });

    it('does not show the private note or the mark to the customer', async () => {
      const customer = await createAccount(t.ctx.db, { email: 'lea@example.com' });
      await sql`update fiches set account_id = ${customer} where group_id = ${groupId} and firstname = 'Noé'`.execute(
        t.ctx.db,
      );
      const token = await loginAs(t, 'lea@example.com', undefined, groupId);
      const list = await call(t, 'GET', `/api/v3/appointments?group_id=${groupId}`, { token });
      expect(list.status).toBe(200);
      expect(list.body.length).toBeGreaterThan(0);
      expect(JSON.stringify(list.body)).not.toContain('Préfère le matin');
      expect(JSON.stringify(list.body)).not.toContain('staff_note');
    });

    it("refuses another group's appointment as not found, even to that group's owner", async () => {
      const response = await call(
        t,
        'PUT',
        `/api/v3/admin/groups/${otherGroupId}/appointments/${aliceAppointment}/attendance`,
        {
          ...as('otherOwner'),
          body: { attendance: 'arrived' },
        },
      );
      expect([response.status, response.body.message]).toEqual([404, 'appointmentNotFound']);
    });
  });

  describe('who may see and change the staff', () => {
    it.each([
      ['owner', 200],
      ['manager', 200],
      ['staff', 403],
      ['callcentre', 403],
      ['otherOwner', 403],
      ['customer', 403],
      ['anonymous', 401],
    ] as const)('list: %s → %i', async (caller, status) => {
      const response = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/staff`, as(caller));
      expect(response.status).toBe(status);
      if (status === 200) {
        const staff = response.body.records.find(
          (m: { account_id: number }) => m.account_id === accounts.staff,
        );
        expect(staff).toMatchObject({ role: 'staff', calendar_ids: [id.alice] });
      }
    });

    it('lets only the owner change a role, checks the calendars, and keeps the last owner', async () => {
      const url = `/api/v3/admin/groups/${groupId}/staff/${accounts.callcentre}`;
      const promote = { role: 'staff', calendar_ids: [id.bob] };
      for (const caller of ['manager', 'staff', 'otherOwner', 'customer'] as const)
        expect((await call(t, 'PUT', url, { ...as(caller), body: promote })).status).toBe(403);
      const foreignCalendar = (await idsByExternid(t, otherGroupId)).bob;
      const wrong = await call(t, 'PUT', url, {
        ...as('owner'),
        body: { role: 'staff', calendar_ids: [foreignCalendar] },
      });
      expect([wrong.status, wrong.body.message]).toEqual([422, 'calendarNotFound']);
      const done = await call(t, 'PUT', url, { ...as('owner'), body: promote });
      expect(done.body).toMatchObject({ role: 'staff', calendar_ids: [id.bob] });
      // The promoted member now sees Bob's agenda, and only it.
      const agenda = await agendaOf('callcentre');
      expect(agenda.body.calendars.map((c: { id: number }) => c.id)).toEqual([id.bob]);

      const stepDown = await call(t, 'PUT', `/api/v3/admin/groups/${groupId}/staff/${accounts.owner}`, {
        ...as('owner'),
        body: { role: 'manager', calendar_ids: null },
      });
      expect([stepDown.status, stepDown.body.message]).toEqual([409, 'lastOwner']);
      const owner = await t.ctx.db
        .selectFrom('pro_groups')
        .select('role')
        .where('account_id', '=', accounts.owner!)
        .executeTakeFirstOrThrow();
      expect(owner.role).toBe('owner');
      const missing = await call(t, 'PUT', `/api/v3/admin/groups/${groupId}/staff/${accounts.otherOwner}`, {
        ...as('owner'),
        body: promote,
      });
      expect([missing.status, missing.body.message]).toEqual([404, 'staffNotFound']);
    });
  });

  it('tells each member their role and rights', async () => {
    const manager = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/membership`, as('manager'));
    expect(manager.body).toMatchObject({ role: 'manager', calendar_ids: null });
    expect(manager.body.rights).toContain('agenda.read');
    expect(manager.body.rights).not.toContain('staff.manage');
    const customer = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/membership`, as('customer'));
    expect(customer.status).toBe(403);
  });
});
