/**
 * Sharding by group (docs/operations.md "Sharding"): the back-office reads that joined accounts with
 * a group's rows, every back-office read and the back office's writes, the housekeeping and the
 * platform's group list, for a group on the shard that is not the directory (on a second PostgreSQL
 * cluster). Each must answer as on one database, never a CrossShardQueryError.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/connection.ts';
import { startHousekeeping } from '../src/maintenance/housekeeping.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { registerGroup } from '../src/sharding/shard-directory.ts';
import {
  call,
  createAccount,
  createStaffMember,
  latestMailTo,
  loginAs,
  STRONG_PASSWORD,
} from './support/accounts.ts';
import { AgendaFeed } from './support/agenda-feed.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { countOn, createTwoClusterShards } from './support/shard-databases.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';

const START = '2026-11-23T08:00:00Z';
const ADMIN = 'ops-shards@platform.example';

describe.runIf(inject('postgresTemplate'))('sharding: split reads for a group outside the directory', () => {
  let directory: { url: string; drop: () => Promise<void> };
  let eu2: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let t: TestApp;
  const groups = {} as Record<'main' | 'eu2', { id: number; ids: Record<string, number> }>;
  let owner: { id: number; token: string };
  let stylistId: number;
  let stylistToken: string;

  const admin = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(t, method, `/api/v3/admin/groups/${groups.eu2.id}/${path}`, {
      token: owner.token,
      ...(body !== undefined ? { body } : {}),
    });
  const eu2View = () => t.ctx.shards!.router.view('eu2');

  beforeAll(async () => {
    [directory, eu2] = await createTwoClusterShards({ directory: 'dir2', shard: 'eu2b' });
    handle = await openDatabase({ databaseUrl: directory.url, poolSize: 5 });
    t = await createTestApp(handle, {
      now: START,
      config: { shards: { eu2: eu2.url }, platformAdmins: [ADMIN], webhooksAllowLoopback: true },
      logStream: process.stderr,
    });
    for (const shard of ['main', 'eu2'] as const) {
      const urlname = `split-${shard}`;
      const view = t.ctx.shards!.router.view(shard);
      const { id } = await importGroupConfig(view, sampleGroup({ urlname, website: null }));
      await registerGroup(view, { groupId: id, urlname, shard });
      groups[shard] = { id, ids: await idsByExternid(t, id) };
    }
    // The eu2 group's owner (named, so the reads have a name to show) and a stylist on one calendar.
    const made = await createStaffMember(t, groups.eu2.id, {
      email: 'owner-eu2@example.com',
      role: 'owner',
      allCalendars: true,
      name: 'Olivia Owner',
    });
    owner = { id: made.accountId, token: made.token };
    // The stylist's calendar is a row of the group's shard, written through its view.
    ({ accountId: stylistId, token: stylistToken } = await createStaffMember(t, groups.eu2.id, {
      email: 'stylist-eu2@example.com',
      role: 'staff',
    }));
    await eu2View()
      .insertInto('staff_calendars')
      .values({ account_id: stylistId, group_id: groups.eu2.id, calendar_id: groups.eu2.ids.alice! })
      .execute();
  });
  afterAll(async () => {
    await t?.app.close();
    await handle?.close();
    await Promise.all([directory?.drop(), eu2?.drop()]);
  });

  it('makes and lists calendar feeds with their owner', async () => {
    const made = await admin('POST', 'calendar-feeds', { calendar_id: groups.eu2.ids.alice });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ owner_name: 'Olivia Owner', mine: true });
    const listed = await admin('GET', 'calendar-feeds');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.records.map((feed: { owner_name: string }) => feed.owner_name)).toEqual([
      'Olivia Owner',
    ]);
    expect(await countOn(eu2.url, 'select count(*) as n from calendar_feeds')).toBe(1);
    // The feed's address names no group: it is found on its shard, and answers the calendar file.
    const file = await t.app.inject({ method: 'GET', url: new URL(made.body.url).pathname });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('BEGIN:VCALENDAR');
  });

  it('lists pending staff invitations with who sent them, and accepts one from its link', async () => {
    const sent = await admin('POST', 'invitations', {
      email: 'newcomer@example.com',
      role: 'staff',
      calendar_ids: null,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const listed = await admin('GET', 'invitations');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(JSON.stringify(listed.body)).toContain('"invited_by":"Olivia Owner"');
    // The link names no group: its key is found on the group's shard, read and accepted there.
    const mail = await latestMailTo(eu2View(), 'newcomer@example.com');
    const key = mail!.link!.searchParams.get('key')!;
    const seen = await call(t, 'POST', '/api/v3/invitations/lookup', { body: { key } });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.group).toMatchObject({ id: groups.eu2.id, urlname: 'split-eu2' });
    const joined = await call(t, 'POST', '/api/v3/invitations/accept', {
      body: { key, name: 'Nora Newcomer', password: STRONG_PASSWORD },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toMatchObject({ group_id: groups.eu2.id, role: 'staff' });
    const membership =
      'select count(*) as n from pro_groups p join accounts a on a.id = p.account_id where p.group_id = $1 and a.email = $2';
    expect(await countOn(directory.url, membership, [groups.eu2.id, 'newcomer@example.com'])).toBe(1);
    expect(
      await countOn(eu2.url, 'select count(*) as n from staff_invitations where accepted_at is not null'),
    ).toBe(1);
  });

  it('lists the team with each member’s calendars', async () => {
    const team = await admin('GET', 'staff');
    expect(team.status, JSON.stringify(team.body)).toBe(200);
    const records = (team.body.records ?? team.body) as {
      account_id: number;
      calendar_ids: number[] | null;
    }[];
    const byId = new Map(records.map((member) => [member.account_id, member.calendar_ids]));
    expect(byId.get(stylistId)).toEqual([groups.eu2.ids.alice]);
    expect(byId.get(owner.id)).toBeNull();
  });

  it('finds customers and opens a customer file', async () => {
    const fiche = await call(t, 'POST', `/api/v3/groups/${groups.eu2.id}/fiches`, {
      token: owner.token,
      body: { fiche: newFiche('Perrine', { lastname: 'Shardson' }) },
    });
    expect(fiche.status, JSON.stringify(fiche.body)).toBe(201);
    const ficheId = (fiche.body.records?.[0]?.id ?? fiche.body.id) as number;
    const found = await admin('GET', 'customers?q=shardson');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(JSON.stringify(found.body)).toContain('Perrine');
    const file = await admin('GET', `customers/${ficheId}`);
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    const exported = await admin('GET', `customers/${ficheId}/export`);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const erased = await admin('POST', `customers/${ficheId}/erase`, { confirm: true });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(
      await countOn(eu2.url, 'select count(*) as n from fiches where id = $1 and deleted', [ficheId]),
    ).toBe(1);
  });

  it('answers every back-office read of a group outside main without a server error', async () => {
    // Something of each kind to read: an appointment (with a customer file) booked on eu2.
    const open = await call(
      t,
      'GET',
      `/api/v3/groups/${groups.eu2.id}/availabletimeslots?start=2026-11-25&nDays=1&intervention_ids[]=${groups.eu2.ids.cut}`,
    );
    const booked = await book(t, {
      date: open.body.availabletimeslots[0].start,
      group_id: groups.eu2.id,
      fiche: newFiche('Sweep'),
      intervention_ids: [groups.eu2.ids.cut],
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const appointment = await eu2View()
      .selectFrom('appointments')
      .select(['id', 'fiche_id'])
      .where('id', '=', booked.body.records[0].id)
      .executeTakeFirstOrThrow();
    const params: Record<string, number> = {
      id: groups.eu2.id,
      aptId: appointment.id,
      ficheId: appointment.fiche_id,
      accountId: stylistId,
      version: 1,
    };
    // The queries the reads need; the event stream never ends, so it is left to its own test.
    const queries: Record<string, string> = {
      getAgenda: 'from=2026-11-25&days=7',
      listHolidays: 'year=2026',
      searchCustomers: 'q=sweep',
    };
    const reads = Object.entries(backofficeRoutes).filter(
      ([name, route]) =>
        route.method === 'GET' &&
        route.path.startsWith('/api/v3/admin/groups/:id/') &&
        name !== 'agendaEvents',
    );
    expect(reads.length).toBeGreaterThan(10);
    const answers: Record<string, number> = {};
    for (const [name, route] of reads) {
      // A parameter naming nothing here (a webhook, a version) meets a 404: still past the routing.
      const path = route.path.replace(/:([A-Za-z]+)/g, (_, key: string) => String(params[key] ?? 987_654));
      const query = queries[name] ? `?${queries[name]}` : '';
      answers[name] = (await call(t, 'GET', `${path}${query}`, { token: owner.token })).status;
    }
    expect(Object.entries(answers).filter(([, status]) => status >= 500)).toEqual([]);
    // The reads that name something real answer it (a webhook's secret names none: 404).
    const named = [
      'getAgenda',
      'getAppointmentDetail',
      'getCustomer',
      'exportCustomer',
      'getConfigurationVersion',
    ];
    for (const name of [...named, 'listStaff', 'searchCustomers', 'listConfigurationVersions'])
      expect([name, answers[name]]).toEqual([name, 200]);
  });

  it("streams the agenda's changes of a group outside main, each person only their calendars", async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const feeds = {
      owner: (await AgendaFeed.open(baseUrl, groups.eu2.id, owner.token)) as AgendaFeed,
      stylist: (await AgendaFeed.open(baseUrl, groups.eu2.id, stylistToken)) as AgendaFeed,
    };
    try {
      expect(feeds.owner).toBeInstanceOf(AgendaFeed);
      expect(feeds.stylist).toBeInstanceOf(AgendaFeed);
      const { alice, bob, cut } = groups.eu2.ids as { alice: number; bob: number; cut: number };
      for (const [calendar, start] of [
        [bob, '2026-11-27T09:00:00+01:00'],
        [alice, '2026-11-27T11:00:00+01:00'],
      ] as const) {
        const booked = await book(
          t,
          {
            date: start,
            group_id: groups.eu2.id,
            fiche: newFiche('Stream'),
            intervention_ids: [cut],
            calendar_id: calendar,
          },
          { ip: `198.51.100.${calendar % 200}` },
        );
        expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      }
      await feeds.owner.changeOf(bob);
      await feeds.owner.changeOf(alice);
      await feeds.stylist.changeOf(alice);
      // Bob's booking was committed first, so it would have reached the stylist first.
      expect(feeds.stylist.changes.map((change) => change.calendar_id)).not.toContain(bob);
    } finally {
      feeds.owner.close?.();
      feeds.stylist.close?.();
    }
  });

  it('carries out the back-office writes of a group outside main', async () => {
    type RouteName = keyof typeof backofficeRoutes;
    const statuses: Partial<Record<RouteName, number>> = {};
    /** The call named, its path parameters filled; its answer is kept under its name. */
    const write = async (name: RouteName, params: Record<string, number>, body: unknown = {}) => {
      const route = backofficeRoutes[name];
      const path = route.path.replace(/:([A-Za-z]+)/g, (_, key: string) =>
        String(key === 'id' ? groups.eu2.id : params[key]),
      );
      const answer = await call(t, route.method, path, { token: owner.token, body });
      statuses[name] = answer.status;
      return answer;
    };
    const { alice, cut } = groups.eu2.ids as { alice: number; cut: number };
    const booked = await write(
      'bookForCustomer',
      {},
      {
        calendar_id: alice,
        intervention_id: cut,
        start: '2026-11-26T10:00:00+01:00',
        customer: { firstname: 'Wanda', lastname: 'Writes' },
        notify_customer: false,
      },
    );
    const aptId = booked.body.id as number;
    await write('writeStaffNote', { aptId }, { note: 'written on eu2' });
    await write('markAttendance', { aptId }, { attendance: 'arrived' });
    await write('moveAppointment', { aptId }, { start: '2026-11-26T11:00:00+01:00' });
    await write('cancelByStaff', { aptId }, { notify_customer: false });
    const absence = await write(
      'createAbsence',
      {},
      {
        calendar_ids: [alice],
        from: '2026-11-27T10:00',
        to: '2026-11-27T11:00',
      },
    );
    await write('deleteAbsence', { absenceId: absence.body.blocks?.[0]?.id ?? 0 });
    await write('closeHolidays', {}, { year: 2026, dates: ['2026-12-25'] });
    await write('updateStaffMember', { accountId: stylistId }, { role: 'staff', calendar_ids: [alice] });
    const invited = await write(
      'inviteStaff',
      {},
      { email: 'writer@example.com', role: 'staff', calendar_ids: [alice] },
    );
    await write('revokeInvitation', { invitationId: invited.body.id });
    await write('setNotifications', {}, { emails: ['notices@example.com'], events: [] });
    const live = await admin('GET', 'configuration');
    await write('saveConfiguration', {}, { document: live.body.document, based_on: live.body.version });
    await write('restoreConfigurationVersion', { version: 1 });
    // A webhook endpoint: nothing listens at its address, so its test delivery is queued (202).
    const hook = await write(
      'createWebhook',
      {},
      { url: 'http://127.0.0.1:9/hook', events: ['appointment.created'] },
    );
    await write('updateWebhook', { hookId: hook.body.id }, { enabled: false });
    await write('testWebhook', { hookId: hook.body.id });
    await write('deleteWebhook', { hookId: hook.body.id });
    // An image, stored with the group's rows and served from them (the address names the group).
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v3/admin/groups/${groups.eu2.id}/images?apikey=${TEST_API_KEY}&token=${owner.token}`,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    statuses.uploadImage = uploaded.statusCode;
    const served = await t.app.inject({ method: 'GET', url: uploaded.json().variants.logo.url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([
      200,
      expect.stringMatching(/^image\//),
    ]);
    expect(await countOn(eu2.url, 'select count(*) as n from group_images')).toBeGreaterThan(0);
    const refused = Object.entries(statuses).filter(([, status]) => status < 200 || status >= 300);
    expect(refused).toEqual([]);
    expect(Object.keys(statuses)).toHaveLength(19);
    // Written where the group lives.
    expect(await countOn(eu2.url, 'select count(*) as n from appointments where id = $1', [aptId])).toBe(1);
    expect(
      await countOn(directory.url, 'select count(*) as n from appointments where id = $1', [aptId]),
    ).toBe(0);
  });

  it('lists the configuration versions with their authors', async () => {
    await eu2View()
      .updateTable('group_config_versions')
      .set({ author_account_id: owner.id })
      .where('group_id', '=', groups.eu2.id)
      .execute();
    const versions = await admin('GET', 'configuration/versions');
    expect(versions.status, JSON.stringify(versions.body)).toBe(200);
    const authors = (versions.body.records ?? versions.body) as { author: string | null }[];
    expect(authors.length).toBeGreaterThan(0);
    expect(authors.every((version) => version.author === 'Olivia Owner')).toBe(true);
  });

  it("purges old idempotency keys on every shard, and the directory's expired links", async () => {
    const old = new Date(Date.parse(START) - 8 * 86_400_000);
    for (const shard of ['main', 'eu2'] as const) {
      await t.ctx
        .shards!.router.view(shard)
        .insertInto('idempotency_keys')
        .values({
          group_id: groups[shard].id,
          key: `old-${shard}`,
          request_hash: 'x',
          status_code: 201,
          response: JSON.stringify({}),
          created_at: old,
        })
        .execute();
    }
    const rounds: boolean[] = [];
    const housekeeping = startHousekeeping(t.ctx, { onRound: (ok) => rounds.push(ok) });
    await housekeeping.stop();
    expect(rounds).toEqual([true]);
    const keys = 'select count(*) as n from idempotency_keys where key like $1';
    expect(await countOn(directory.url, keys, ['old-%'])).toBe(0);
    expect(await countOn(eu2.url, keys, ['old-%'])).toBe(0);
  });

  it("lists every shard's groups to the platform's administrators", async () => {
    await createAccount(t.ctx.db, { email: ADMIN, role: 'pro' });
    const token = await loginAs(t, ADMIN);
    const listed = await call(t, 'GET', '/api/v3/platform/groups', { token });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const ids = listed.body.records.map((group: { id: number }) => group.id);
    expect(ids).toEqual([groups.eu2.id, groups.main.id]);
    const closed = await call(t, 'PUT', `/api/v3/platform/groups/${groups.eu2.id}/active`, {
      token,
      body: { active: false },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(
      await countOn(eu2.url, 'select count(*) as n from groups where id = $1 and not active', [
        groups.eu2.id,
      ]),
    ).toBe(1);
  });
});
