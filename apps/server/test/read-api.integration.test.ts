import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('read API', (database) => {
  let t: TestApp;
  let groupId: number;

  beforeAll(async () => {
    t = await createTestApp(database());
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
    await importGroupConfig(
      t.ctx.db,
      sampleGroup({ urlname: 'closed-down', name: 'Fermé', active: false, website: null }),
    );
    await importGroupConfig(
      t.ctx.db,
      sampleGroup({ urlname: 'members-only', website: null, settings: { openData: false } }),
    );
  });
  afterAll(async () => {
    await t.app.close();
  });

  const idsOf = (body: { records: { id: number; externid: string }[] }) =>
    body.records.map((r) => r.externid);

  it('answers the group configuration by url name, without secrets', async () => {
    const { status, body } = await t.get('/api/v3/services/groups/test-salon.json');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: groupId,
      urlname: 'test-salon',
      name: 'Salon Test',
      timezone: 'Europe/Paris',
      locale: 'fr',
      enabled_locales: 'fr,en',
      currency: 'EUR',
      openData: true,
      active: true,
      inactive: false,
      resource_count: 1,
      has_promotions: true,
      pack_interventions: true,
      loginProfile: 'Account',
    });
    expect(body.forms.fiche.map((f: { name: string }) => f.name)).toEqual(['firstname', 'lastname']);
    expect(JSON.stringify(body)).not.toContain('banned@example.com');
    expect(body.rules.blacklist).toBeUndefined();
    const links = body.calendars_interventions_links as Record<string, number[]>;
    expect(Object.keys(links)).toHaveLength(3);
  });

  it('answers groupDoesNotExist for an unknown url name, and for an inactive group with its name and phone', async () => {
    const unknown = await t.get('/api/v3/services/groups/nobody-here.json');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      message: 'groupDoesNotExist',
      messages: { errors: ['groupDoesNotExist'] },
    });
    const inactive = await t.get('/api/v3/services/groups/closed-down.json');
    expect(inactive.status).toBe(404);
    expect(inactive.body.message).toBe('groupDoesNotExist');
    expect(inactive.body.group).toEqual({
      urlname: 'closed-down',
      name: 'Fermé',
      phone: '+33 1 23 45 67 89',
      inactive: true,
    });
  });

  it('refuses calls without a known api key', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v3/services/groups/test-salon.json' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe('invalidApiKey');
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/v3/groups/${groupId}/interventions?apikey=nope`,
    });
    expect(wrong.statusCode).toBe(401);
    const arrayKey = await t.app.inject({
      method: 'GET',
      url: `/api/v3/groups/${groupId}/interventions?apikey[]=test-key`,
    });
    expect(arrayKey.statusCode).toBe(401);
  });

  it('lists categories sorted, with members, hiding unnamed ones and translating on request', async () => {
    const fr = await t.get(`/api/v3/groups/${groupId}/interventionsets?results=all`);
    expect(fr.status).toBe(200);
    expect(idsOf(fr.body)).toEqual(['hair']);
    expect(fr.body.records[0].publicname).toBe('Coiffure');
    expect(fr.body.records[0].interventions).toHaveLength(3); // care, color, cut; the unnamed one is hidden
    const en = await t.get(`/api/v3/groups/${groupId}/interventionsets?locale=en`);
    expect(en.body.records[0].publicname).toBe('Hair');
  });

  it('lists services sorted by sort, with prices, promotions and translations', async () => {
    const { status, body } = await t.get(`/api/v3/groups/${groupId}/interventions?locale=en_GB`);
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual(['care', 'color', 'cut']);
    const cut = body.records.find((r: { externid: string }) => r.externid === 'cut');
    expect(cut).toMatchObject({
      type: 'free',
      price: 4500,
      length: 45,
      publicname: 'Women cut',
      description: 'Wash, cut and blow-dry',
    });
    expect(cut.promotions).toEqual([
      expect.objectContaining({ percent: 20, weekdays: ['tue'], from_time: '09:00', to_time: '12:00' }),
    ]);
    expect(body.records.find((r: { externid: string }) => r.externid === 'color').promotions).toEqual([]);
  });

  it('lists only opened packs, with their items', async () => {
    const { body } = await t.get(`/api/v3/groups/${groupId}/pack_interventions`);
    expect(idsOf(body)).toEqual(['pack-full']);
    expect(body.records[0]).toMatchObject({
      type: 'pack',
      status: 'opened',
      price: null,
      total_price: 9000,
      length: 90 + 15 + 45,
    });
    expect(body.records[0].config).toHaveLength(2);
    expect(body.records[0].config[0]).toMatchObject({ break_time: 15 });
  });

  it('lists calendar sets and calendars, resources flagged, filterable by service', async () => {
    const sets = await t.get(`/api/v3/groups/${groupId}/calendarsets`);
    expect(sets.body.records[0].calendars).toHaveLength(3 - 1);
    const all = await t.get(`/api/v3/groups/${groupId}/calendars`);
    expect(idsOf(all.body)).toEqual(['alice', 'bob', 'room-1']);
    const resources = await t.get(`/api/v3/groups/${groupId}/calendars?resource=1`);
    expect(idsOf(resources.body)).toEqual(['room-1']);
    const colorId = (await t.get(`/api/v3/groups/${groupId}/interventions`)).body.records.find(
      (r: { externid: string }) => r.externid === 'color',
    ).id;
    const forColor = await t.get(`/api/v3/groups/${groupId}/calendars?intervention_ids[]=${colorId}`);
    expect(idsOf(forColor.body)).toEqual(['alice']);
    expect(forColor.body.records[0].interventions).toContainEqual({ intervention_id: colorId, duration: 75 });
  });

  it('verifies preselection parameters through conditions on id and externid', async () => {
    const services = (await t.get(`/api/v3/groups/${groupId}/interventions`)).body.records as {
      id: number;
      externid: string;
    }[];
    const cut = services.find((s) => s.externid === 'cut')!;
    const byId = await t.get(
      `/api/v3/groups/${groupId}/interventions?conditions[0][field]=id&conditions[0][op]==&conditions[0][value]=${cut.id}`,
    );
    expect(idsOf(byId.body)).toEqual(['cut']);
    const byExtern = await t.get(
      `/api/v3/groups/${groupId}/interventions?conditions[0][field]=externid&conditions[0][op]=in&conditions[0][value]=cut,color,nope`,
    );
    expect(idsOf(byExtern.body).sort()).toEqual(['color', 'cut']);
    const hidden = await t.get(
      `/api/v3/groups/${groupId}/interventions?conditions[0][field]=externid&conditions[0][op]==&conditions[0][value]=phone-only`,
    );
    expect(hidden.body.records).toEqual([]);
  });

  it('rejects malformed conditions and ids with a 400 naming the parameter', async () => {
    const badField = await t.get(
      `/api/v3/groups/${groupId}/interventions?conditions[0][field]=name&conditions[0][op]==&conditions[0][value]=x`,
    );
    expect(badField.status).toBe(400);
    expect(badField.body.message).toContain('conditions');
    const badOp = await t.get(
      `/api/v3/groups/${groupId}/interventions?conditions[0][field]=id&conditions[0][op]=like&conditions[0][value]=1`,
    );
    expect(badOp.status).toBe(400);
    const badValue = await t.get(
      `/api/v3/groups/${groupId}/interventions?conditions[0][field]=id&conditions[0][op]==&conditions[0][value]=1;drop table groups`,
    );
    expect(badValue.status).toBe(400);
    expect(badValue.body.messages.errors[0]).toContain('conditions');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', "1' or '1'='1"]) {
      const response = await t.get(`/api/v3/groups/${encodeURIComponent(id)}/interventions`);
      expect(response.status, id).toBe(400);
      expect(response.body.message, id).toContain('id');
    }
    const badLocale = await t.get(`/api/v3/groups/${groupId}/interventions?locale=<script>`);
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.message).toContain('locale');
  });

  it('treats SQL-looking strings as plain values', async () => {
    const injection = "x' or 1=1 --";
    const response = await t.get(
      `/api/v3/groups/${groupId}/interventions?conditions[0][field]=externid&conditions[0][op]==&conditions[0][value]=${encodeURIComponent(injection)}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.records).toEqual([]);
    const group = await t.get(`/api/v3/services/groups/${encodeURIComponent("test-salon' or '1'='1")}.json`);
    expect(group.status).toBe(400);
    const stillThere = await t.get('/api/v3/services/groups/test-salon.json');
    expect(stillThere.status).toBe(200);
  });

  it('answers groupDoesNotExist for catalogue reads of unknown or inactive groups', async () => {
    const unknown = await t.get('/api/v3/groups/999999/interventions');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('groupDoesNotExist');
    const inactiveId = (
      await t.ctx.db
        .selectFrom('groups')
        .select('id')
        .where('urlname', '=', 'closed-down')
        .executeTakeFirstOrThrow()
    ).id;
    const inactive = await t.get(`/api/v3/groups/${inactiveId}/calendars`);
    expect(inactive.status).toBe(404);
  });

  it('asks for a session before showing the catalogue of a group closed to the public', async () => {
    const privateId = (
      await t.ctx.db
        .selectFrom('groups')
        .select('id')
        .where('urlname', '=', 'members-only')
        .executeTakeFirstOrThrow()
    ).id;
    const response = await t.get(`/api/v3/groups/${privateId}/interventions`);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('expiredConnection');
  });

  it('answers the home settings with item ids resolved', async () => {
    const { status, body } = await t.get(`/api/v3/websites?group_id=${groupId}`);
    expect(status).toBe(200);
    const services = (await t.get(`/api/v3/groups/${groupId}/interventions`)).body.records as {
      id: number;
      externid: string;
    }[];
    const id = (ref: string) => services.find((s) => s.externid === ref)!.id;
    expect(body).toMatchObject({
      group_id: groupId,
      title: 'Salon Test',
      listing: 'intervention',
      highlight_service: id('cut'),
    });
    expect(body.listing_ids).toEqual([id('cut'), id('color')]);
    expect(body.openinghours.mon).toEqual([
      ['09:00', '12:00'],
      ['14:00', '18:00'],
    ]);
    const none = await t.get('/api/v3/websites?group_id=abc');
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('group_id');
  });

  it('looks up a url name from the host and the shard from the url name', async () => {
    const byHost = await t.get('/api/urlname?website=https://www.salon-test.example/reserver');
    expect(byHost.status).toBe(200);
    expect(byHost.body).toEqual({ urlname: 'test-salon', shard_name: 'main' });
    const unknownHost = await t.get('/api/urlname?website=elsewhere.example');
    expect(unknownHost.status).toBe(404);
    expect(unknownHost.body.messages.errors).toEqual(['groupDoesNotExist']);
    const shard = await t.get('/api/shard?value=test-salon&field=urlname');
    expect(shard.body).toEqual({ shard_name: 'main' });
    const badField = await t.get('/api/shard?value=test-salon&field=id');
    expect(badField.status).toBe(400);
    expect(badField.body.message).toContain('field');
  });

  it('serves the OpenAPI document and the web app fallback', async () => {
    const openapi = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(openapi.statusCode).toBe(200);
    expect(Object.keys(openapi.json().paths)).toContain('/api/v3/groups/{id}/interventions');
    const page = await t.app.inject({ method: 'GET', url: '/test-salon/book/slots?date=2026-12-01' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const apiMissing = await t.get('/api/v3/nothing');
    expect(apiMissing.status).toBe(404);
    expect(apiMissing.body.message).toBe('notFound');
  });

  it('serves the page with a fresh script nonce the policy trusts, and nothing else inline', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'creneau-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><link rel="modulepreload" href="/assets/b.js"><script type="module" src="/assets/a.js"></script></head><body></body></html>',
    );
    const web = await createTestApp(database(), { config: { webDistDir: dist } });
    try {
      const nonces = [];
      for (let i = 0; i < 2; i++) {
        const page = await web.app.inject({ method: 'GET', url: '/test-salon/book/slots' });
        const csp = String(page.headers['content-security-policy']);
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
        expect(nonce).toBeTruthy();
        // Scripts: the app's own and the tracking tools' hosts only (tracking-policy.test.ts).
        expect(csp).not.toContain("'strict-dynamic'");
        expect(csp).toContain('frame-ancestors *');
        expect(page.body).toContain(`<script nonce="${nonce}" type="module"`);
        expect(page.body).toContain(`<link rel="modulepreload" nonce="${nonce}"`);
        nonces.push(nonce);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    } finally {
      await web.app.close();
    }
  });

  it('sends security headers that still allow embedding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test-salon' });
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(String(response.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
