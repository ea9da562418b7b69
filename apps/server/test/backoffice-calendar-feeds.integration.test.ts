/**
 * Private calendar subscriptions (docs/back-office.md "Calendar subscriptions"): who may make,
 * see and revoke a feed; what the feed holds, read by two independent iCalendar parsers; the UID
 * of the booking mail's own file, a SEQUENCE that rises with each move, cancelled appointments
 * kept as STATUS:CANCELLED; ETag and 304; every wrong address a clean 404 — and a calendar client
 * library subscribing over real HTTP.
 */
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/database.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createStaffMember, latestMailTo } from './support/accounts.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('back office: calendar subscriptions', (database) => {
  let t: TestApp;
  let groupId: number;
  let otherGroupId: number;
  let id: Record<string, number>;
  const tokens: Record<string, string> = {};
  const accounts: Record<string, number> = {};
  let customers = 0;

  async function member(name: string, role: StaffRole, calendars: number[] = [], group = groupId) {
    const made = await createStaffMember(t, group, {
      email: `${name}@feeds.example`,
      role,
      calendars,
      name: `Staff ${name}`,
    });
    tokens[name] = made.token;
    accounts[name] = made.accountId;
  }

  const feeds = (
    who: string,
    method: 'GET' | 'POST' | 'DELETE',
    path = '',
    body?: unknown,
    group = groupId,
  ) =>
    call(t, method, `/api/v3/admin/groups/${group}/calendar-feeds${path}`, {
      token: tokens[who]!,
      ...(body !== undefined ? { body } : {}),
    });

  /** The feed's address without the host: what inject asks for. Never with the API key. */
  const pathOf = (url: string) => new URL(url).pathname;
  const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: pathOf(url), headers });

  async function bookAt(start: string, calendar: number) {
    customers++;
    const fiche = newFiche(`Feed${String.fromCharCode(96 + customers)}`);
    const response = await book(
      t,
      { date: start, group_id: groupId, fiche, intervention_ids: [id.cut], calendar_id: calendar },
      { ip: `198.51.100.${customers}` },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return { id: response.body.records[0].id as number, email: fiche.email, fiche };
  }

  const veventsOf = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'feeds' }))).id;
    otherGroupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'feeds-other', website: null })))
      .id;
    id = await idsByExternid(t, groupId);
    await member('owner', 'owner');
    await member('manager', 'manager');
    await member('alice', 'staff', [id.alice!]);
    await member('bob', 'staff', [id.bob!]);
    await member('desk', 'callcentre');
    await member('elsewhere', 'owner', [], otherGroupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('makes a feed, answers its address once, and keeps only the hash of its secret', async () => {
    const made = await feeds('owner', 'POST', '', { calendar_id: id.alice });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    expect(made.body).toMatchObject({ calendar_id: id.alice, mine: true, owner_name: 'Staff owner' });
    const secret = /\/api\/v3\/feeds\/([A-Za-z0-9_-]{43})\.ics$/.exec(made.body.url)?.[1];
    expect(secret).toBeDefined();
    const row = await t.ctx.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('id', '=', made.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(Buffer.from(row.token_hash).toString('base64url')).not.toBe(secret);
    // The list never repeats the address.
    const listed = await feeds('owner', 'GET');
    expect(JSON.stringify(listed.body)).not.toContain(secret!);
  });

  it('lets staff subscribe only to their own calendars and to their own appointments', async () => {
    const onBob = await feeds('alice', 'POST', '', { calendar_id: id.bob });
    expect([onBob.status, onBob.body.message]).toEqual([422, 'calendarNotFound']);
    const otherGroups = await feeds('alice', 'POST', '', { calendar_id: 987_654 });
    expect(otherGroups.status).toBe(422);
    expect((await feeds('alice', 'POST', '', { calendar_id: id.alice })).status).toBe(201);
    expect((await feeds('alice', 'POST', '', { calendar_id: null })).status).toBe(201);
    // The call centre has no agenda, so no feed; another group's owner is a stranger here.
    expect((await feeds('desk', 'POST', '', { calendar_id: null })).status).toBe(403);
    expect((await feeds('elsewhere', 'POST', '', { calendar_id: null })).status).toBe(403);
    expect((await feeds('elsewhere', 'GET')).status).toBe(403);
    // A calendar of another group, through one's own group: not found.
    const otherCalendars = await idsByExternid(t, otherGroupId);
    const foreign = await feeds('owner', 'POST', '', { calendar_id: otherCalendars.alice });
    expect([foreign.status, foreign.body.message]).toEqual([422, 'calendarNotFound']);
    // Bad bodies: a clear 400, no row.
    const before = await t.ctx.db.selectFrom('calendar_feeds').select('id').execute();
    for (const body of [{}, { calendar_id: 'x' }, { calendar_id: -1 }, { calendar_id: 1e20 }, []])
      expect((await feeds('owner', 'POST', '', body)).status, JSON.stringify(body)).toBe(400);
    expect(await t.ctx.db.selectFrom('calendar_feeds').select('id').execute()).toHaveLength(before.length);
  });

  it('lists one’s own feeds, and the whole group’s for owners and managers', async () => {
    const alice = (await feeds('alice', 'GET')).body.records;
    expect(alice.length).toBeGreaterThanOrEqual(2);
    expect(alice.every((f: { account_id: number }) => f.account_id === accounts.alice)).toBe(true);
    const manager = (await feeds('manager', 'GET')).body.records;
    expect(manager.map((f: { account_id: number }) => f.account_id)).toEqual(
      expect.arrayContaining([accounts.owner, accounts.alice]),
    );
    expect(manager.every((f: { mine: boolean }) => !f.mine)).toBe(true);
    expect((await feeds('bob', 'GET')).body.records).toEqual([]);
  });

  it('lets only the maker, an owner or a manager revoke; the address then answers 404', async () => {
    const made = (await feeds('alice', 'POST', '', { calendar_id: id.alice })).body;
    expect((await fetchFeed(made.url)).statusCode).toBe(200);
    // Bob may not even learn it exists.
    const byBob = await feeds('bob', 'DELETE', `/${made.id}`);
    expect([byBob.status, byBob.body.message]).toEqual([404, 'feedNotFound']);
    expect((await feeds('elsewhere', 'DELETE', `/${made.id}`, undefined, groupId)).status).toBe(403);
    expect((await feeds('elsewhere', 'DELETE', `/${made.id}`, undefined, otherGroupId)).status).toBe(404);
    const revoked = await feeds('manager', 'DELETE', `/${made.id}`);
    expect(revoked.body).toEqual({ id: made.id, revoked: true });
    const gone = await fetchFeed(made.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'feedNotFound', messages: { errors: ['feedNotFound'] } });
    expect((await feeds('alice', 'DELETE', `/${made.id}`)).status).toBe(404);
  });

  it('holds the calendar’s appointments: the mail’s UID, a rising SEQUENCE, cancellations kept', async () => {
    const first = await bookAt('2026-11-24T09:00:00+01:00', id.alice!);
    const second = await bookAt('2026-11-24T10:00:00+01:00', id.alice!);
    const onBob = await bookAt('2026-11-24T09:00:00+01:00', id.bob!);
    const made = (await feeds('alice', 'POST', '', { calendar_id: null })).body;

    const answer = await fetchFeed(made.url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.body).toContain('X-WR-CALNAME:');
    const events = veventsOf(answer.body);
    const uids = events.map((e) => e.uid);
    expect(uids).toContain(`appointment-${first.id}@creneau`);
    expect(uids).toContain(`appointment-${second.id}@creneau`);
    expect(uids).not.toContain(`appointment-${onBob.id}@creneau`);
    // The same UID as the file attached to the booking mail: a phone holding both shows one event.
    const mail = await latestMailTo(t.ctx.db, first.email);
    const attached = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
    expect(veventsOf(attached)[0]!.uid).toBe(`appointment-${first.id}@creneau`);
    const firstEvent = events.find((e) => e.uid === `appointment-${first.id}@creneau`)!;
    expect(firstEvent.startDate.toJSDate().toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(firstEvent.summary).toContain(first.fiche.firstname);
    expect(firstEvent.sequence).toBe(0);

    // Moved: the same UID, a higher SEQUENCE, the new time; the ETag changes.
    const move = await call(t, 'POST', `/api/v3/admin/groups/${groupId}/appointments/${first.id}/move`, {
      token: tokens.alice!,
      body: { start: '2026-11-24T11:00:00+01:00' },
    });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    const afterMove = await fetchFeed(made.url);
    expect(afterMove.headers.etag).not.toBe(answer.headers.etag);
    const moved = veventsOf(afterMove.body).find((e) => e.uid === `appointment-${first.id}@creneau`)!;
    expect(moved.sequence).toBe(1);
    expect(moved.startDate.toJSDate().toISOString()).toBe('2026-11-24T10:00:00.000Z');

    // Cancelled: still there, as CANCELLED with a higher SEQUENCE, so calendar apps remove it.
    const cancel = await call(t, 'POST', `/api/v3/admin/groups/${groupId}/appointments/${second.id}/cancel`, {
      token: tokens.alice!,
      body: { notify_customer: false },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const afterCancel = (await fetchFeed(made.url)).body;
    const cancelled = new ICAL.Component(ICAL.parse(afterCancel))
      .getAllSubcomponents('vevent')
      .find((c) => c.getFirstPropertyValue('uid') === `appointment-${second.id}@creneau`)!;
    expect(cancelled.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.getFirstPropertyValue('sequence')).toBe(1);

    // The second parser reads the same.
    const parsed = nodeIcal.sync.parseICS(afterCancel);
    const byUid = Object.fromEntries(
      Object.values(parsed)
        .filter((c) => c?.type === 'VEVENT')
        .map((e) => [(e as nodeIcal.VEvent).uid, e as nodeIcal.VEvent]),
    );
    expect(byUid[`appointment-${second.id}@creneau`]?.status).toBe('CANCELLED');
    expect(byUid[`appointment-${first.id}@creneau`]?.status).toBe('CONFIRMED');
    expect(new Date(byUid[`appointment-${first.id}@creneau`]!.start).toISOString()).toBe(
      '2026-11-24T10:00:00.000Z',
    );
    expect(byUid[`appointment-${onBob.id}@creneau`]).toBeUndefined();

    // The owner's "my appointments" is the whole group: Bob's calendar too.
    const owners = (await feeds('owner', 'POST', '', { calendar_id: null })).body;
    const whole = veventsOf((await fetchFeed(owners.url)).body).map((e) => e.uid);
    expect(whole).toEqual(
      expect.arrayContaining([`appointment-${onBob.id}@creneau`, `appointment-${first.id}@creneau`]),
    );
  });

  it('holds 30 days back to 180 days ahead, escaped texts included', async () => {
    const near = await bookAt('2026-12-01T09:00:00+01:00', id.alice!);
    await t.ctx.db
      .updateTable('fiches')
      .set({ firstname: 'Zoé, "la; grande"\\' })
      .where('email', '=', near.email)
      .execute();
    const made = (await feeds('alice', 'POST', '', { calendar_id: id.alice })).body;
    // Half a year and two weeks later, the early December appointment is more than 30 days back…
    const texts = veventsOf((await fetchFeed(made.url)).body);
    expect(texts.find((e) => e.uid === `appointment-${near.id}@creneau`)?.summary).toContain(
      'Zoé, "la; grande"\\',
    );
    t.clock.set('2027-01-05T08:00:00Z');
    expect(veventsOf((await fetchFeed(made.url)).body).map((e) => e.uid)).not.toContain(
      `appointment-${near.id}@creneau`,
    );
    // …and seen from far before, more than 180 days ahead.
    t.clock.set('2026-05-01T08:00:00Z');
    expect(veventsOf((await fetchFeed(made.url)).body).map((e) => e.uid)).not.toContain(
      `appointment-${near.id}@creneau`,
    );
    t.clock.set('2026-11-23T08:00:00Z');
  });

  it('answers 304 to a client holding the current copy', async () => {
    const made = (await feeds('owner', 'POST', '', { calendar_id: id.alice })).body;
    const first = await fetchFeed(made.url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    // The same appointments, the same bytes, even an hour later.
    t.clock.advance(60_000);
    const again = await fetchFeed(made.url);
    expect(again.headers.etag).toBe(etag);
    const cached = await fetchFeed(made.url, { 'if-none-match': `W/"other", ${etag}` });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect((await fetchFeed(made.url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('serves one feed at most 120 times an hour', async () => {
    const made = (await feeds('owner', 'POST', '', { calendar_id: id.bob })).body;
    for (let i = 0; i < 120; i++) expect((await fetchFeed(made.url)).statusCode).toBe(200);
    const refused = await fetchFeed(made.url);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(3_600_000);
    expect((await fetchFeed(made.url)).statusCode).toBe(200);
    t.clock.set('2026-11-23T08:00:00Z');
  });

  it('stops a feed whose maker lost the calendar', async () => {
    const made = (await feeds('bob', 'POST', '', { calendar_id: id.bob })).body;
    expect((await fetchFeed(made.url)).statusCode).toBe(200);
    await t.ctx.db.deleteFrom('staff_calendars').where('account_id', '=', accounts.bob!).execute();
    expect((await fetchFeed(made.url)).statusCode).toBe(404);
  });

  it('answers every wrong address with the same clean 404, API key or not', async () => {
    const wrong = [
      '/api/v3/feeds/garbage.ics',
      `/api/v3/feeds/${'A'.repeat(43)}.ics`,
      `/api/v3/feeds/${'A'.repeat(20_000)}.ics`,
      '/api/v3/feeds/..%2F..%2Fetc%2Fpasswd.ics',
      `/api/v3/feeds/${'A'.repeat(43)}`,
      '/api/v3/feeds/',
      `/api/v3/feeds/${'A'.repeat(43)}.ics?apikey=nope`,
    ];
    for (const url of wrong) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ messages: { errors: [expect.any(String)] } });
    }
    // Control characters or broken UTF-8 in the address are refused before routing, like anywhere in the API.
    const broken = await t.app.inject({ method: 'GET', url: '/api/v3/feeds/%00%ff.ics' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ messages: { errors: [expect.any(String)] } });
  });

  it('is read by a calendar client library subscribing over real HTTP', async () => {
    const made = (await feeds('alice', 'POST', '', { calendar_id: id.alice })).body;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const calendar = await nodeIcal.async.fromURL(`${address}${pathOf(made.url)}`);
    const events = Object.values(calendar).filter((c) => c?.type === 'VEVENT') as nodeIcal.VEvent[];
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.every((e) => /^appointment-\d+@creneau$/.test(e.uid))).toBe(true);
    expect(events.some((e) => e.status === 'CANCELLED')).toBe(true);
    const revoked = await feeds('alice', 'DELETE', `/${made.id}`);
    expect(revoked.status).toBe(200);
    await expect(nodeIcal.async.fromURL(`${address}${pathOf(made.url)}`)).rejects.toThrow(/404/);
  });
});
