/**
 * A group's images (docs/back-office.md "Images"), through HTTP on both databases: PNG, JPEG and
 * WebP taken by their content whatever their name or claimed type, resized to every size with
 * their proportions kept, served for a year by hash; SVG, text, a file cut short and a file over
 * the limit refused in the API's error format; only owners and managers may upload; a refusal
 * leaves nothing behind.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { createStaffMember } from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

/** A picture with some detail, so that it does not compress to nothing. */
const picture = (width: number, height: number, alpha: boolean) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 80, b: 40, alpha: 0.5 } : { r: 30, g: 90, b: 160 },
    },
  }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fc0"/></svg>`,
      ),
    },
  ]);

forEachDatabase('back office: images', (database) => {
  let t: TestApp;
  let groupId: number;
  const tokens: Record<string, string> = {};
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'pictured' }))).id;
    const other = (
      await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'pictured-other', website: null }))
    ).id;
    for (const role of ['owner', 'manager', 'staff'] as const)
      tokens[role] = (await createStaffMember(t, groupId, { email: `${role}@pictured.example`, role })).token;
    tokens.stranger = (
      await createStaffMember(t, other, { email: 'owner@pictured-other.example', role: 'owner' })
    ).token;
    png = await picture(1200, 400, true).png().toBuffer();
    jpeg = await picture(2400, 1800, false).jpeg().toBuffer();
  });
  afterAll(async () => {
    await t.app.close();
  });

  const upload = async (who: string, body: Buffer, contentType = 'application/octet-stream') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v3/admin/groups/${groupId}/images?apikey=${TEST_API_KEY}&token=${tokens[who]}`,
      headers: { 'content-type': contentType },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const served = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const stored = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('group_images')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes a PNG, keeps every size inside its box with its proportions, and serves it for a year', async () => {
    const answer = await upload('owner', png, 'image/png');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ width: 1200, height: 400 });
    const { logo, thumbnail, gallery } = answer.body.variants;
    expect(logo.url).toMatch(new RegExp(`^/api/v3/groups/${groupId}/images/[0-9a-f]{32}-logo\\.png$`));
    // 1200×400 is 3:1: the logo's box is 108 high, the thumbnail's 480 wide, the gallery's is larger.
    expect([logo.width, logo.height]).toEqual([324, 108]);
    expect([thumbnail.width, thumbnail.height]).toEqual([480, 160]);
    expect([gallery.width, gallery.height]).toEqual([1200, 400]);

    // Served with no api key, as an <img> asks, its real size what the answer said.
    const response = await served(logo.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 324, 108, true]);
    const again = await served(logo.url, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);

    // The same bytes again: the same URLs, nothing more kept.
    const before = await stored();
    const repeated = await upload('manager', png);
    expect([repeated.status, repeated.body.variants.logo.url]).toEqual([201, logo.url]);
    expect(await stored()).toBe(before);
  });

  it('takes a JPEG named .jpg or not, and a PNG sent as image/jpeg is still a PNG', async () => {
    const answer = await upload('manager', jpeg, 'image/jpeg');
    expect(answer.status).toBe(201);
    const gallery = await served(answer.body.variants.gallery.url);
    expect(gallery.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(gallery.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1200]);

    const renamed = await upload('owner', await picture(300, 300, true).png().toBuffer(), 'image/jpeg');
    expect(renamed.status).toBe(201);
    expect(renamed.body.variants.thumbnail.url).toMatch(/-thumbnail\.png$/);
    const webp = await upload('owner', await picture(200, 100, false).webp().toBuffer(), 'image/webp');
    expect([webp.status, webp.body.variants.logo.height]).toEqual([201, 100]);
  });

  it('refuses SVG, text, a file cut short and one too large, keeping nothing', async () => {
    const before = await stored();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [body, type] of [
      [svg, 'image/svg+xml'],
      [Buffer.from('hello, not a picture'), 'text/plain'],
      [Buffer.from('{"image": true}'), 'application/json'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const refused = await upload('owner', body, type);
      expect([refused.status, refused.body.message], type).toEqual([415, 'imageTypeUnsupported']);
      expect(refused.body.messages.errors).toEqual(['imageTypeUnsupported']);
    }
    const cut = await upload('owner', jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect([cut.status, cut.body.message]).toEqual([422, 'imageUnreadable']);
    const cutPng = await upload('owner', png.subarray(0, Math.floor(png.length / 2)));
    expect([cutPng.status, cutPng.body.message]).toEqual([422, 'imageUnreadable']);

    // Over 5 MB: random bytes behind a PNG signature (the size is checked before anything else).
    const huge = Buffer.concat([png.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await upload('owner', huge);
    expect([large.status, large.body.message]).toEqual([413, 'imageTooLarge']);
    expect(await stored()).toBe(before);
  });

  it('lets only owners and managers upload', async () => {
    const before = await stored();
    const fresh = await picture(64, 64, false).jpeg().toBuffer();
    for (const who of ['staff', 'stranger']) {
      const refused = await upload(who, fresh);
      expect([refused.status, refused.body.message], who).toEqual([403, 'forbidden']);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v3/admin/groups/${groupId}/images?apikey=${TEST_API_KEY}`,
      headers: { 'content-type': 'image/jpeg' },
      payload: fresh,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toBe(before);
    // Another group's path does not serve this group's image.
    const own = await upload('owner', fresh);
    const elsewhere = own.body.variants.logo.url.replace(`/groups/${groupId}/`, `/groups/${groupId + 1}/`);
    expect((await served(elsewhere)).statusCode).toBe(404);
    expect((await served(own.body.variants.logo.url.replace('.jpg', '.png'))).statusCode).toBe(404);
  });
});
