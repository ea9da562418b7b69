import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageTexts } from '../../web/build/page-texts.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const PUBLIC_URL = 'https://rdv.example.org';
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** The app's real index.html and page texts, as the build leaves them, with a small manifest. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'creneau-dist-'));
  copyFileSync(path.join(webDir, 'index.html'), path.join(dir, 'index.html'));
  writeFileSync(path.join(dir, 'page-texts.json'), JSON.stringify(collectPageTexts()));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-E.js', isEntry: true },
      'src/features/home/HomePage.tsx': { file: 'assets/HomePage-H.js', imports: ['index.html'] },
      'src/features/booking/BookingLayout.tsx': {
        file: 'assets/BookingLayout-B.js',
        imports: ['index.html'],
      },
      'src/features/booking/steps/InterventionIdsPage.tsx': { file: 'assets/InterventionIdsPage-I.js' },
      'src/features/booking/steps/SlotsPage.tsx': { file: 'assets/SlotsPage-S.js' },
    }),
  );
  return dir;
}

forEachDatabase('pages for search engines and the first paint', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database(), { config: { webDistDir: fakeBuild(), publicUrl: PUBLIC_URL } });
    await importGroupConfig(
      t.ctx.db,
      sampleGroup({
        settings: {
          ...sampleGroup().settings,
          usercolors: { header: { background: '#123456' } },
        } as never,
      }),
    );
    await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'closed-down', active: false, website: null }));
    await importGroupConfig(
      t.ctx.db,
      sampleGroup({
        urlname: 'members-only',
        website: null,
        settings: { ...sampleGroup().settings, openData: false } as never,
      }),
    );
  });
  afterAll(async () => {
    await t.app.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

  describe('robots.txt and the sitemap', () => {
    it('answers robots.txt as text, pointing to the sitemap', async () => {
      const response = await page('/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-type'])).toMatch(/^text\/plain/);
      expect(response.body).toMatch(/^User-agent: \*$/m);
      expect(response.body).toMatch(/^Disallow: \/api\/$/m);
      expect(response.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
      expect(response.body).not.toContain('<html');
    });

    it('lists each active public group once per language it offers, nothing else', async () => {
      const response = await page('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-type'])).toMatch(/^application\/xml/);
      const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual([`${PUBLIC_URL}/test-salon`, `${PUBLIC_URL}/test-salon?locale=en`]);
      expect(response.body).toContain(`hreflang="en" href="${PUBLIC_URL}/test-salon?locale=en"`);
      expect(response.body).not.toContain('closed-down');
      expect(response.body).not.toContain('members-only');
    });
  });

  describe("a group's first HTML", () => {
    it("speaks the browser's language when the group offers it, with canonical address and description", async () => {
      const response = await page('/test-salon/book/intervention_ids', {
        'accept-language': 'en-GB,en;q=0.9,fr;q=0.8',
      });
      const html = response.body;
      expect(attribute(html, /<html lang="([^"]+)"/)).toBe('en');
      expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(
        `${PUBLIC_URL}/test-salon?locale=en`,
      );
      const description = attribute(html, /<meta name="description" content="([^"]*)"/);
      expect(description).toContain('Salon Test in Paris');
      expect(attribute(html, /<title>([^<]*)<\/title>/)).toContain('Salon Test');
      expect(html).toContain(`hreflang="fr" href="${PUBLIC_URL}/test-salon"`);
      // The loading message of the skeleton, inside <main>.
      expect(html).toMatch(/<main[^>]*>.*<span class="boot-text">Loading<\/span>.*<\/main>/s);
    });

    it("falls back to the group's language, and follows the parameter and the saved choice first", async () => {
      const german = await page('/test-salon', { 'accept-language': 'de-DE' });
      expect(attribute(german.body, /<html lang="([^"]+)"/)).toBe('fr');
      expect(attribute(german.body, /<link rel="canonical" href="([^"]+)"/)).toBe(`${PUBLIC_URL}/test-salon`);
      expect(german.body).toContain('<span class="boot-text">Chargement</span>');
      expect(attribute(german.body, /<meta name="description" content="([^"]*)"/)).toContain(
        'Salon Test à Paris',
      );

      const param = await page('/test-salon?locale=en', { 'accept-language': 'fr' });
      expect(attribute(param.body, /<html lang="([^"]+)"/)).toBe('en');
      const saved = await page('/test-salon', { 'accept-language': 'fr', cookie: 'creneau_locale=en' });
      expect(attribute(saved.body, /<html lang="([^"]+)"/)).toBe('en');
      const refused = await page('/test-salon?locale=de', { 'accept-language': 'es' });
      expect(attribute(refused.body, /<html lang="([^"]+)"/)).toBe('fr');
    });

    it("wears the group's theme colours before any script", async () => {
      const html = (await page('/test-salon')).body;
      const style = attribute(html, /<html [^>]*style="([^"]*)"/) ?? '';
      expect(style).toContain('--header-background:#123456');
      expect(style).toMatch(/--body-primary-strong:#[0-9a-f]{6}/i);
      expect(attribute(html, /<meta name="theme-color" content="([^"]*)"/)).toBe('#123456');
    });

    it('preloads the page the address leads to: the home page with its first photo, or the booking step', async () => {
      // Made here, not with the others: the sitemap test above counts the groups.
      await importGroupConfig(
        t.ctx.db,
        sampleGroup({
          urlname: 'with-site',
          settings: { ...sampleGroup().settings, has_minisite: true } as never,
          website: {
            ...sampleGroup().website,
            domain: 'with-site.example',
            images: [
              { url: '/demo/first.svg', alt: 'First' },
              { url: '/demo/second.svg', alt: 'Second' },
            ],
          } as never,
        }),
      );
      const links = (html: string) =>
        [...html.matchAll(/<link rel="(?:module)?preload"[^>]*>/g)].map((m) => m[0]);
      const home = links((await page('/with-site')).body).join('\n');
      expect(home).toContain('<link rel="preload" as="image" fetchpriority="high" href="/demo/first.svg">');
      expect(home).not.toContain('second.svg');
      expect(home).toMatch(
        /<link rel="modulepreload" nonce="[^"]+" crossorigin href="\/assets\/HomePage-H\.js">/,
      );
      expect(home).not.toContain('BookingLayout');
      expect(home).not.toContain('index-E');

      const booking = links((await page('/test-salon')).body).join('\n');
      expect(booking).toContain('/assets/BookingLayout-B.js');
      expect(booking).toContain('/assets/InterventionIdsPage-I.js');
      expect(booking).not.toContain('as="image"');
      const slots = links((await page('/with-site?intervention_ids=1&calendar_id=2')).body).join('\n');
      expect(slots).toContain('/assets/SlotsPage-S.js');
      expect(slots).not.toContain('HomePage');
      expect(links((await page('/nobody-here')).body).join('')).not.toContain('BookingLayout');
    });

    it('keeps generic texts for pages outside an active group, in the browser language', async () => {
      for (const url of ['/closed-down', '/not_found', '/nobody-here']) {
        const html = (await page(url, { 'accept-language': 'de' })).body;
        expect(attribute(html, /<html lang="([^"]+)"/)).toBe('de');
        expect(html).not.toContain('rel="canonical"');
        expect(attribute(html, /<title>([^<]*)<\/title>/)).toBe('Créneau');
      }
    });
  });
});
