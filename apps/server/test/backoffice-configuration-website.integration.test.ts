/**
 * The mini-site from the back office's settings (docs/back-office.md "Settings", Mini-site tab;
 * docs/group-configuration.md "`website`"), through HTTP on both databases: an uploaded image
 * goes into the gallery with its alt text, a social link and the map position are saved and the
 * public home page shows them; links that are not https, malformed links, pictures from an http
 * host or another host in disguise, a bad e-mail and a position off the globe are refused whole,
 * each problem on its path, nothing of the document written.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createStaffMember } from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('back office: the mini-site settings', (database) => {
  let t: TestApp;
  let groupId: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'minisite' }))).id;
    token = (await createStaffMember(t, groupId, { email: 'owner@minisite.example', role: 'owner' })).token;
  });
  afterAll(async () => {
    await t.app.close();
  });

  const api = (method: 'GET' | 'PUT', body?: unknown) =>
    call(t, method, `/api/v3/admin/groups/${groupId}/configuration`, { token, ...(body ? { body } : {}) });
  const publicSite = async () => (await t.get(`/api/v3/websites?group_id=${groupId}`)).body;

  it('saves a gallery image from the store, a social link and the map position, shown at once', async () => {
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 100, b: 70 } },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v3/admin/groups/${groupId}/images?apikey=${TEST_API_KEY}&token=${token}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: photo,
    });
    expect(uploaded.statusCode).toBe(201);
    const url = uploaded.json().variants.gallery.url as string;

    const read = await api('GET');
    const document = structuredClone(read.body.document);
    document.settings.has_minisite = true;
    document.settings.lat = 45.7531;
    document.settings.lng = 4.8279;
    document.website.quick_desc = '<p>Bienvenue à l’atelier.</p>';
    document.website.images = [{ url, alt: 'Le salon vu de la rue' }];
    document.website.social_link = true;
    document.website.instagram = 'https://www.instagram.com/minisite';
    const saved = await api('PUT', { document, based_on: read.body.version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.version).toBe(read.body.version + 1);

    const site = await publicSite();
    expect(site.file_upload).toEqual([{ url, alt: 'Le salon vu de la rue' }]);
    expect(site).toMatchObject({ instagram: 'https://www.instagram.com/minisite', social_link: true });
    expect(site.quick_desc).toBe('<p>Bienvenue à l’atelier.</p>');
    const group = (await t.get('/api/v3/services/groups/minisite.json')).body;
    expect(group).toMatchObject({ has_minisite: true, lat: 45.7531, lng: 4.8279 });
  });

  it('gives a group without a home page one, with the schema’s defaults, when it is turned on', async () => {
    const bare = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'minisite-none', website: null })))
      .id;
    const owner = (await createStaffMember(t, bare, { email: 'owner@minisite-none.example', role: 'owner' }))
      .token;
    const path = `/api/v3/admin/groups/${bare}/configuration`;
    expect((await t.get(`/api/v3/websites?group_id=${bare}`)).status).toBe(404);
    const read = await call(t, 'GET', path, { token: owner });
    const document = { ...read.body.document, website: {} };
    document.settings.has_minisite = true;
    const saved = await call(t, 'PUT', path, {
      token: owner,
      body: { document, based_on: read.body.version },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const site = await t.get(`/api/v3/websites?group_id=${bare}`);
    expect(site.status).toBe(200);
    expect(site.body).toMatchObject({ map: true, contact_info: true, social_link: false, file_upload: [] });
  });

  it('refuses links that are not https, foreign pictures, a bad e-mail and a position off the globe, writing nothing', async () => {
    const read = await api('GET');
    const before = await publicSite();
    const bad = structuredClone(read.body.document);
    bad.name = 'Half saved?';
    bad.website.title = 'Half saved?';
    bad.website.website_link = 'http://www.minisite.example';
    bad.website.facebook = 'javascript:alert(document.cookie)';
    bad.website.twitterX = 'x.com/minisite';
    bad.website.snapchat = 'https://user:pass@snapchat.example/x';
    bad.website.mail = 'not an address';
    bad.website.images = [
      ...bad.website.images,
      { url: 'http://cdn.example.com/photo.jpg', alt: 'plain http' },
      { url: '//evil.example/photo.jpg', alt: 'another host in disguise' },
      { url: 'data:image/png;base64,AAAA', alt: 'inline' },
    ];
    bad.settings.lat = 91;
    const refused = await api('PUT', { document: bad, based_on: read.body.version });
    expect([refused.status, refused.body.message]).toEqual([422, 'invalidConfiguration']);
    expect(refused.body.problems.map((problem: string) => problem.split(': ')[0]).sort()).toEqual(
      [
        '$.settings.lat',
        '$.website.facebook',
        '$.website.images[1].url',
        '$.website.images[2].url',
        '$.website.images[3].url',
        '$.website.mail',
        '$.website.snapchat',
        '$.website.twitterX',
        '$.website.website_link',
      ].sort(),
    );

    // Nothing of it was written: same version, same public page, same name.
    expect((await api('GET')).body.version).toBe(read.body.version);
    expect(await publicSite()).toEqual(before);
    expect((await t.get('/api/v3/services/groups/minisite.json')).body.name).not.toBe('Half saved?');
  });
});
