import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFile } from '../../web/build/precompress.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

/** A small web build, compressed by the build's own step. */
async function fakeBuild(): Promise<{ dir: string; script: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'creneau-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  // Text that compresses like code does: repeated, not random.
  const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = "créneau ${i % 7}";`).join(
    '\n',
  );
  writeFileSync(path.join(dir, 'assets', 'index-Abc123.js'), script);
  writeFileSync(
    path.join(dir, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`,
  );
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><script type="module" src="/assets/index-Abc123.js"></script></head><body><div id="root">${'<p>skeleton</p>'.repeat(100)}</div></body></html>`,
  );
  for (const file of ['assets/index-Abc123.js', 'favicon.svg', 'index.html'])
    await compressFile(path.join(dir, file));
  return { dir, script };
}

forEachDatabase('web delivery', (database) => {
  let t: TestApp;
  let script: string;

  beforeAll(async () => {
    const build = await fakeBuild();
    script = build.script;
    t = await createTestApp(database(), { config: { webDistDir: build.dir } });
    await importGroupConfig(t.ctx.db, sampleGroup());
  });
  afterAll(async () => {
    await t.app.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('static files', () => {
    it('sends the brotli copy to a browser that takes brotli, with Vary and the original type', async () => {
      const response = await get('/assets/index-Abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(String(response.headers['content-type'])).toMatch(/javascript/);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
      expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);
    });

    it('sends the gzip copy when brotli is refused, and the plain file when nothing is accepted', async () => {
      const gzip = await get('/assets/index-Abc123.js', { 'accept-encoding': 'gzip, br;q=0' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
      const plain = await get('/assets/index-Abc123.js', { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    });

    it('caches hashed assets for a year, and revalidates the other files', async () => {
      const asset = await get('/assets/index-Abc123.js', { 'accept-encoding': 'br' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await get('/favicon.svg', { 'accept-encoding': 'br' });
      expect(icon.headers['content-encoding']).toBe('br');
      expect(icon.headers['cache-control']).toBe('no-cache');
      expect(icon.headers.etag).toBeTruthy();
    });
  });

  describe('answers built by the server', () => {
    it('compresses JSON answers', async () => {
      const response = await get(`/api/v3/services/groups/test-salon.json?apikey=${TEST_API_KEY}`, {
        'accept-encoding': 'br',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).urlname).toBe('test-salon');
      const gzip = await get(`/api/v3/services/groups/test-salon.json?apikey=${TEST_API_KEY}`, {
        'accept-encoding': 'gzip',
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).urlname).toBe('test-salon');
    });

    it('leaves small answers and browsers that accept no compression alone', async () => {
      const small = await get(`/api/v3/sessions/current.json?apikey=${TEST_API_KEY}`, {
        'accept-encoding': 'br',
      });
      expect(small.rawPayload.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      const none = await get(`/api/v3/services/groups/test-salon.json?apikey=${TEST_API_KEY}`);
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.json().urlname).toBe('test-salon');
    });

    it('compresses the page and lets the browser revalidate it (no-cache, ETag, 304 with the same nonce)', async () => {
      const first = await get('/test-salon/book/slots', { 'accept-encoding': 'gzip, br' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['cache-control']).toBe('no-cache');
      const html = brotliDecompressSync(first.rawPayload).toString();
      const nonce = /'nonce-([^']+)'/.exec(String(first.headers['content-security-policy']))?.[1];
      expect(html).toContain(`<script nonce="${nonce}"`);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);

      const again = await get('/test-salon/book/slots', { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // The copy kept by the browser carries the first nonce: the policy must allow that one.
      expect(String(again.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);

      // A tag that names no current page gets a full page with a fresh nonce.
      const stale = await get('/test-salon/book/slots', {
        'if-none-match': `W/"${'x'.repeat(22)}.${nonce}"`,
      });
      expect(stale.statusCode).toBe(200);
      expect(String(stale.headers['content-security-policy'])).not.toContain(`'nonce-${nonce}'`);
    });

    it('answers 404 for a missing file instead of the page, and the page for every page address', async () => {
      for (const url of [
        '/assets/index-Gone42.js',
        '/assets/old.css',
        '/favicon.ico',
        '/test-salon/photo.png',
      ]) {
        const missing = await get(url, { 'accept-encoding': 'br' });
        expect(missing.statusCode, url).toBe(404);
        expect(String(missing.headers['content-type']), url).toMatch(/^application\/json/);
        expect(missing.json().messages.errors, url).toBeDefined();
      }
      for (const url of ['/test-salon/book/slots', '/test-salon?locale=en&file=a.js', '/www.example.com']) {
        const page = await get(url);
        expect(page.statusCode, url).toBe(200);
        expect(String(page.headers['content-type']), url).toMatch(/^text\/html/);
      }
      // The files that are there still come, from the build.
      expect((await get('/assets/index-Abc123.js')).statusCode).toBe(200);
    });

    it('sends an address typed with capitals to its lower-case page, keeping the rest', async () => {
      const cases = [
        ['/Test-Salon', '/test-salon'],
        [
          '/TEST-SALON/book/slots?intervention_ids=1&ficheKey=AbC',
          '/test-salon/book/slots?intervention_ids=1&ficheKey=AbC',
        ],
        ['/Signup', '/signup'],
      ];
      for (const [typed, page] of cases) {
        const moved = await get(typed!);
        expect(moved.statusCode, typed).toBe(301);
        expect(moved.headers.location, typed).toBe(page);
      }
      // Lower case already, or nothing an address of ours could be: no move.
      expect((await get('/test-salon/Book')).statusCode).toBe(200);
      expect((await get('/Ünïcode')).statusCode).toBe(200);
    });

    it('answers HEAD on a page as GET without the body, and refuses other methods', async () => {
      const full = await get('/test-salon/book/slots');
      const head = await t.app.inject({ method: 'HEAD', url: '/test-salon/book/slots' });
      expect(head.statusCode).toBe(200);
      expect(String(head.headers['content-type'])).toMatch(/^text\/html/);
      expect(head.headers['cache-control']).toBe('no-cache');
      expect(head.headers['content-length']).toBe(full.headers['content-length']);
      expect(head.rawPayload.length).toBe(0);
      const post = await t.app.inject({ method: 'POST', url: '/test-salon/book/slots' });
      expect(post.statusCode).toBe(404);
      expect(post.json().messages.errors).toBeDefined();
    });
  });
});
