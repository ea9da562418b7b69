/**
 * What search engines read (docs/web-app.md "Search engines"): /robots.txt, and /sitemap.xml listing
 * the public page of every active group open to visitors, in each language it offers.
 */

import { isLocale, type Locale } from '@creneau/core/locales';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { groupPageUrl } from './page-shell.ts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join(
    '\n',
  );
}

export interface SitemapGroup {
  urlname: string;
  locale: string;
  enabledLocales: readonly Locale[];
  updatedAt: Date;
}

/** One <url> per group and language, each naming its other languages (hreflang). */
export function sitemapXml(publicUrl: string, groups: readonly SitemapGroup[]): string {
  const urls = groups.flatMap((group) => {
    const locales = group.enabledLocales.includes(group.locale as Locale)
      ? group.enabledLocales
      : [group.locale as Locale, ...group.enabledLocales];
    const alternates = locales
      .map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(groupPageUrl(publicUrl, group, locale))}"/>`,
      )
      .join('');
    return locales.map(
      (locale) =>
        `<url><loc>${escapeXml(groupPageUrl(publicUrl, group, locale))}</loc><lastmod>${group.updatedAt.toISOString().slice(0, 10)}</lastmod>${alternates}</url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Active groups whose pages anyone may see (not those asking visitors to log in first). */
async function publicGroups(ctx: AppContext): Promise<SitemapGroup[]> {
  const rows = await ctx.db
    .selectFrom('groups')
    .select(['urlname', 'settings', 'updated_at'])
    .where('active', '=', true)
    .orderBy('urlname')
    .execute();
  return rows
    .map((row) => ({ row, settings: row.settings }))
    .filter(({ settings }) => settings.openData !== false)
    .map(({ row, settings }) => ({
      urlname: row.urlname,
      locale: settings.locale,
      enabledLocales: settings.enabled_locales.filter(isLocale),
      updatedAt: row.updated_at,
    }));
}

export function registerCrawlerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(ctx.config.publicUrl)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(ctx.config.publicUrl, await publicGroups(ctx))),
  );
}
