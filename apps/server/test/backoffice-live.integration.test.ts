/**
 * The live agenda (docs/back-office.md "Live agenda"): a booking, a move or an absence made
 * anywhere reaches every open agenda of the group within two seconds, as a server-sent event fed by
 * LISTEN/NOTIFY — on the embedded database and on PostgreSQL, where a second server sharing the
 * database hears it too. Staff hear only their calendars; customers cannot listen.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/database.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, createStaffMember, loginAs } from './support/accounts.ts';
import { AgendaFeed as Feed, WITHIN_MS } from './support/agenda-feed.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('back office: live agenda', (database, engine) => {
  let t: TestApp;
  let baseUrl: string;
  let groupId: number;
  let id: Record<string, number>;
  const tokens: Record<string, string> = {};
  let customers = 0;

  async function member(name: string, role: StaffRole, calendars: number[] = []) {
    tokens[name] = (
      await createStaffMember(t, groupId, { email: `${name}@live.example`, role, calendars })
    ).token;
  }

  const bookOn = async (on: TestApp, calendar: number, start: string) => {
    customers++;
    const response = await book(
      on,
      {
        date: start,
        group_id: groupId,
        fiche: newFiche(`Live${String.fromCharCode(96 + customers)}`),
        intervention_ids: [id.cut],
        calendar_id: calendar,
      },
      { ip: `198.51.100.${customers}` },
    );
    expect(response.status).toBe(201);
    return response.body.records[0].id as number;
  };

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'live' }))).id;
    id = await idsByExternid(t, groupId);
    await member('owner', 'owner');
    await member('alice', 'staff', [id.alice!]);
    await createAccount(t.ctx.db, { email: 'customer@live.example' });
    tokens.customer = await loginAs(t, 'customer@live.example', undefined, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('shows a new booking, a move and an absence in an open agenda within two seconds', async () => {
    const feed = (await Feed.open(baseUrl, groupId, tokens.owner!)) as Feed;
    expect(feed).toBeInstanceOf(Feed);
    try {
      const appointment = await bookOn(t, id.alice!, '2026-11-24T09:00:00+01:00');
      expect(await feed.changeOf(id.alice!)).toBeLessThan(WITHIN_MS);
      const moved = await call(
        t,
        'POST',
        `/api/v3/admin/groups/${groupId}/appointments/${appointment}/move`,
        {
          token: tokens.owner!,
          body: { start: '2026-11-24T10:00:00+01:00', calendar_id: id.bob },
        },
      );
      expect(moved.status).toBe(200);
      await feed.changeOf(id.bob!);
      feed.changes.length = 0;
      const blocked = await call(t, 'POST', `/api/v3/admin/groups/${groupId}/absences`, {
        token: tokens.owner!,
        body: { calendar_ids: [id['room-1']], from: '2026-11-25T09:00', to: '2026-11-25T12:00' },
      });
      expect(blocked.status).toBe(201);
      await feed.changeOf(id['room-1']!);
    } finally {
      feed.close();
    }
  });

  it('tells a staff member only of the calendars they work on', async () => {
    const feed = (await Feed.open(baseUrl, groupId, tokens.alice!)) as Feed;
    try {
      await bookOn(t, id.bob!, '2026-11-26T09:00:00+01:00');
      await bookOn(t, id.alice!, '2026-11-26T11:00:00+01:00');
      await feed.changeOf(id.alice!);
      // Bob's booking was committed first, so it would have arrived first.
      expect(feed.changes.map((change) => change.calendar_id)).not.toContain(id.bob);
    } finally {
      feed.close();
    }
  });

  it('lets no customer and no stranger listen', async () => {
    expect(await Feed.open(baseUrl, groupId, tokens.customer!)).toBe(403);
    const anonymous = await fetch(`${baseUrl}/api/v3/admin/groups/${groupId}/events?apikey=${TEST_API_KEY}`);
    expect(anonymous.status).toBe(401);
  });

  if (engine === 'postgres')
    it('hears a booking taken on another server sharing the database', async () => {
      const other = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
      const feed = (await Feed.open(baseUrl, groupId, tokens.owner!)) as Feed;
      try {
        await bookOn(other, id.alice!, '2026-11-27T09:00:00+01:00');
        expect(await feed.changeOf(id.alice!)).toBeLessThan(WITHIN_MS);
      } finally {
        feed.close();
        await other.app.close();
      }
    });
});
