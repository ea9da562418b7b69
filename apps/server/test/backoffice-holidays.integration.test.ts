/**
 * Public holidays (docs/back-office.md "Public holidays"): the holidays of the group's country in
 * its language, closed for the whole group in one step that the engine honours at once, listing the
 * appointments on those days, idempotent, removable as one series, and only for those who work on
 * every calendar.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/database.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, createStaffMember, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

interface Holiday {
  date: string;
  name: string;
  closed: boolean;
}

forEachDatabase('back office: public holidays', (database) => {
  let t: TestApp;
  let groupId: number;
  let germanGroupId: number;
  let id: Record<string, number>;
  const tokens: Record<string, string> = {};

  async function member(name: string, role: StaffRole, group: number, calendars: number[] = []) {
    tokens[name] = (
      await createStaffMember(t, group, { email: `${name}@holidays.example`, role, calendars, name })
    ).token;
  }
  const holidays = (who: string, year: number | string, group = groupId) =>
    call(t, 'GET', `/api/v3/admin/groups/${group}/holidays?year=${year}`, { token: tokens[who]! });
  const close = (who: string, body: unknown) =>
    call(t, 'POST', `/api/v3/admin/groups/${groupId}/holidays`, { token: tokens[who]!, body });
  const blockCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('schedule_exceptions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('group_id', '=', groupId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const free = async (date: string, calendar: number) =>
    (await slots(t, groupId, `start=${date}&nDays=1&intervention_ids[]=${id.cut}&calendar_id=${calendar}`))
      .body.availabletimeslots as { start: string }[];

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'holidays' }))).id;
    id = await idsByExternid(t, groupId);
    const base = sampleGroup();
    germanGroupId = (
      await importGroupConfig(
        t.ctx.db,
        sampleGroup({
          urlname: 'feiertage',
          website: null,
          settings: { ...base.settings, country: 'DE', locale: 'de', enabled_locales: ['de'] },
        }),
      )
    ).id;
    await member('owner', 'owner', groupId);
    await member('manager', 'manager', groupId);
    await member('alice', 'staff', groupId, [id.alice!]);
    await member('desk', 'callcentre', groupId);
    await member('inhaber', 'owner', germanGroupId);
    await createAccount(t.ctx.db, { email: 'someone@holidays.example' });
    tokens.customer = await loginAs(t, 'someone@holidays.example', undefined, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it("lists the public holidays of the group's country, named in its language", async () => {
    const french = await holidays('owner', 2026);
    expect(french.status).toBe(200);
    expect(french.body.country).toBe('FR');
    const list = french.body.holidays as Holiday[];
    expect(list).toContainEqual({
      date: '2026-07-14',
      name: expect.stringMatching(/nationale/i),
      closed: false,
    });
    expect(list).toContainEqual({ date: '2026-12-25', name: 'Noël', closed: false });
    // Public holidays only: Easter Sunday is not one in France, Easter Monday is.
    expect(list.map((h) => h.date)).toContain('2026-04-06');
    expect(list.map((h) => h.date)).not.toContain('2026-04-05');
    expect(list.map((h) => h.date)).toEqual([...list.map((h) => h.date)].sort());

    const german = await holidays('inhaber', 2026, germanGroupId);
    expect(german.body.country).toBe('DE');
    expect(german.body.holidays).toContainEqual({
      date: '2026-10-03',
      name: 'Tag der Deutschen Einheit',
      closed: false,
    });
  });

  it('closes the whole group on a holiday: the slots vanish and the appointments that day are listed', async () => {
    const booked = await book(
      t,
      {
        date: '2026-12-25T10:00:00+01:00',
        group_id: groupId,
        fiche: newFiche('Noelle'),
        intervention_ids: [id.cut],
        calendar_id: id.alice,
      },
      { ip: '198.51.100.41' },
    );
    expect(booked.status).toBe(201);
    expect((await free('2026-12-25', id.alice!)).length).toBeGreaterThan(0);

    const closed = await close('manager', { year: 2026, dates: ['2026-12-25'] });
    expect(closed.status).toBe(201);
    const calendars = await t.ctx.db
      .selectFrom('calendars')
      .select('id')
      .where('group_id', '=', groupId)
      .execute();
    expect(closed.body.blocks).toHaveLength(calendars.length);
    expect(closed.body.blocks[0]).toMatchObject({
      kind: 'closure',
      starts_local: '2026-12-25T00:00',
      ends_local: '2026-12-26T00:00',
      label: 'Noël',
    });
    expect(closed.body.affected.map((a: { id: number }) => a.id)).toEqual([booked.body.records[0].id]);
    expect(await free('2026-12-25', id.alice!)).toEqual([]);
    expect((await holidays('owner', 2026)).body.holidays).toContainEqual({
      date: '2026-12-25',
      name: 'Noël',
      closed: true,
    });

    // Closing again changes nothing.
    const before = await blockCount();
    const again = await close('owner', { year: 2026, dates: ['2026-12-25'] });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ series: null, blocks: [], affected: [] });
    expect(await blockCount()).toBe(before);
  });

  it("closes a whole year's holidays as one series, removed together", async () => {
    const before = await blockCount();
    const expected = ((await holidays('owner', 2027)).body.holidays as Holiday[]).length;
    expect(expected).toBeGreaterThanOrEqual(10);
    const closed = await close('owner', { year: 2027 });
    expect(closed.status).toBe(201);
    const calendars = new Set(closed.body.blocks.map((b: { calendar_id: number }) => b.calendar_id)).size;
    expect(closed.body.blocks).toHaveLength(expected * calendars);
    expect(((await holidays('owner', 2027)).body.holidays as Holiday[]).every((h) => h.closed)).toBe(true);

    const removed = await call(
      t,
      'DELETE',
      `/api/v3/admin/groups/${groupId}/absences/${closed.body.blocks[0].id}?series=1`,
      {
        token: tokens.owner!,
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.deleted).toBe(expected * calendars);
    expect(await blockCount()).toBe(before);
  });

  it('refuses years beyond reach, dates that are not holidays and malformed bodies, writing nothing', async () => {
    const before = await blockCount();
    const refusals = [
      await close('owner', { year: 2025 }),
      await close('owner', { year: 2029 }),
      await close('owner', { year: 2026, dates: ['2026-12-24'] }),
    ];
    expect(refusals.map((r) => [r.status, r.body.message])).toEqual([
      [422, expect.stringContaining('yearOutOfRange')],
      [422, expect.stringContaining('yearOutOfRange')],
      [422, expect.stringContaining('notAHoliday')],
    ]);
    for (const body of [
      {},
      { year: '2026' },
      { year: 2026, dates: [] },
      { year: 2026, dates: ['2026-02-30'] },
    ])
      expect((await close('owner', body)).status).toBe(400);
    expect((await holidays('owner', 'soon')).status).toBe(400);
    expect(await blockCount()).toBe(before);
  });

  it('is for those who work on every calendar', async () => {
    for (const who of ['alice', 'desk', 'customer']) {
      expect((await holidays(who, 2026)).status).toBe(403);
      expect((await close(who, { year: 2026 })).status).toBe(403);
    }
    // An owner of another group sees nothing of this one.
    expect((await holidays('inhaber', 2026)).status).toBe(403);
  });
});
