/**
 * The platform's calls (docs/back-office.md "Sign-up and platform";
 * docs/decisions/014-platform-administrators.md), through HTTP on both databases: only the
 * accounts PLATFORM_ADMINS names may list, create, close and reopen groups; a created group's
 * owner is invited by e-mail and becomes its owner by the link; closing shows the inactive notice
 * and is kept as a configuration version, and so is reopening.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import {
  call,
  createAccount,
  createStaffMember,
  latestMailTo,
  loginAs,
  STRONG_PASSWORD,
} from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const business = (urlname: string) => ({
  name: 'Atelier Verre',
  urlname,
  phone: '+33 2 99 00 00 00',
  address: { street: '2 quai', zipcode: '29000', city: 'Quimper', country: 'FR' },
  language: 'br',
  service: { name: 'Visite', duration: 45 },
  hours: [{ weekday: 5, from: '10:00', to: '17:00' }],
});

forEachDatabase('platform administrators', (database) => {
  let t: TestApp;
  let groupId: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(database(), {
      now: '2026-11-23T08:00:00Z',
      config: { platformAdmins: ['ops@platform.example'] },
    });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'platform-shop' }))).id;
    await createAccount(t.ctx.db, { email: 'Ops@Platform.example', role: 'pro' });
    tokens.admin = await loginAs(t, 'ops@platform.example');
    tokens.owner = (
      await createStaffMember(t, groupId, { email: 'owner@shop.example', role: 'owner' })
    ).token;
    await createAccount(t.ctx.db, { email: 'customer@shop.example' });
    tokens.customer = await loginAs(t, 'customer@shop.example', undefined, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('refuses everyone but the administrators', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/v3/platform/groups', undefined],
      ['POST', '/api/v3/platform/groups', { business: business('refused-shop'), owner_email: 'a@b.example' }],
      ['PUT', `/api/v3/platform/groups/${groupId}/active`, { active: false }],
    ] as const) {
      expect((await call(t, method, path, { body })).status).toBe(401);
      for (const who of ['owner', 'customer'])
        expect(
          (await call(t, method, path, { body, token: tokens[who]! })).status,
          `${who} ${method} ${path}`,
        ).toBe(403);
    }
    const groups = await t.ctx.db.selectFrom('groups').select('urlname').execute();
    expect(groups.map((g) => g.urlname)).toEqual(['platform-shop']);
    expect((await call(t, 'GET', '/api/v3/services/groups/platform-shop.json')).status).toBe(200);
  });

  it('lists the groups with their appointments', async () => {
    const response = await call(t, 'GET', '/api/v3/platform/groups', { token: tokens.admin! });
    expect(response.status).toBe(200);
    expect(response.body.records).toEqual([
      {
        id: groupId,
        urlname: 'platform-shop',
        name: expect.any(String),
        active: true,
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        time_zone: 'Europe/Paris', // sampleGroup's zone
        appointments: 0,
      },
    ]);
  });

  it('creates a group and invites its owner, who joins as owner', async () => {
    const response = await call(t, 'POST', '/api/v3/platform/groups', {
      token: tokens.admin!,
      body: { business: business('atelier-verre'), owner_email: 'Nolwenn@Verre.example' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.invitation.email).toBe('nolwenn@verre.example');
    const created = response.body.group.id;
    const mail = await latestMailTo(t.ctx.db, 'nolwenn@verre.example');
    expect(mail?.link?.pathname).toBe('/atelier-verre/invitation');
    const key = mail!.link!.searchParams.get('key');
    const accepted = await call(t, 'POST', '/api/v3/invitations/accept', {
      body: { key, name: 'Nolwenn', password: STRONG_PASSWORD },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const membership = await call(t, 'GET', `/api/v3/admin/groups/${created}/membership`, {
      token: accepted.body.token,
    });
    expect(membership.body.role).toBe('owner');

    const taken = await call(t, 'POST', '/api/v3/platform/groups', {
      token: tokens.admin!,
      body: { business: business('atelier-verre'), owner_email: 'other@verre.example' },
    });
    expect(taken.status).toBe(409);
    const invalid = await call(t, 'POST', '/api/v3/platform/groups', {
      token: tokens.admin!,
      body: { business: { ...business('new-one'), timezone: 'Nowhere/Atlantis' }, owner_email: 'bad' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.problems).toEqual({
      'business.timezone': ['timezoneUnknown'],
      owner_email: ['emailValidator'],
    });
  });

  it('closes a group: the inactive page, a version; reopening is one too', async () => {
    const close = await call(t, 'PUT', `/api/v3/platform/groups/${groupId}/active`, {
      token: tokens.admin!,
      body: { active: false },
    });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(close.body).toMatchObject({ id: groupId, active: false });
    const page = await call(t, 'GET', '/api/v3/services/groups/platform-shop.json');
    expect(page.status).toBe(404);
    expect(page.body.group).toMatchObject({ urlname: 'platform-shop', inactive: true });

    const versions = await t.ctx.db
      .selectFrom('group_config_versions')
      .select(['version', 'source', 'author_account_id', 'document'])
      .where('group_id', '=', groupId)
      .orderBy('version')
      .execute();
    const last = versions.at(-1)!;
    expect(last.version).toBe(close.body.version);
    expect(last.source).toBe('editor');
    expect((last.document as { active: boolean }).active).toBe(false);

    const listed = await call(t, 'GET', '/api/v3/platform/groups', { token: tokens.admin! });
    expect(listed.body.records.find((g: { id: number }) => g.id === groupId).active).toBe(false);

    const reopen = await call(t, 'PUT', `/api/v3/platform/groups/${groupId}/active`, {
      token: tokens.admin!,
      body: { active: true },
    });
    expect(reopen.body.version).toBe(close.body.version + 1);
    expect((await call(t, 'GET', '/api/v3/services/groups/platform-shop.json')).status).toBe(200);

    const missing = await call(t, 'PUT', '/api/v3/platform/groups/987654/active', {
      token: tokens.admin!,
      body: { active: false },
    });
    expect(missing.status).toBe(404);
  });
});
