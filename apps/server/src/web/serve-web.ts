/**
 * Serves the built single-page app: real files from apps/web/dist, and index.html for every other
 * non-API GET (and HEAD) so client-side routes (/{urlname}/book/slots…) survive a reload.
 *
 * Caching (docs/web-app.md, "Delivery"): files under /assets/ are named by content hash, so they
 * are cached for a year and never revalidated; everything else — the page, favicon, the old-browser
 * check — is revalidated on every use (`no-cache` + ETag), so a deployment shows at once. Files
 * go out as the build's brotli or gzip copy when the browser takes one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TRACKING_SCRIPT_HOSTS } from '@creneau/core/tracking/tracking-ids';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { errorBody } from '../http/errors.ts';
import { registerCrawlerRoutes } from './crawlers.ts';
import { preloadTags, readBuildManifest } from './page-preloads.ts';
import { lowerCaseAddress, shellInputFor } from './page-request.ts';
import { type PageTexts, renderShell } from './page-shell.ts';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Créneau</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Créneau</h1><p>The web app is not built yet: run <code>npm start</code>, which builds it.</p></main></body></html>`;

export async function serveWeb(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const distDir = ctx.config.webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const textsFile = path.join(distDir, 'page-texts.json');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies; @fastify/static sends the one accepted, with Vary.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE,
        );
      },
    });
  }
  registerCrawlerRoutes(app, ctx);
  const template = built ? readFileSync(indexFile, 'utf8') : PLACEHOLDER;
  const texts: PageTexts | null =
    built && existsSync(textsFile) ? JSON.parse(readFileSync(textsFile, 'utf8')) : null;
  const manifest = built ? readBuildManifest(distDir) : null;
  app.setNotFoundHandler(async (request, reply) => {
    // HEAD is answered as GET without the body (Node drops it): link checkers, uptime monitors and
    // link previews ask a page's headers that way, and a 404 told them the page does not exist.
    if (
      request.url.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      isFilePath(request.url)
    ) {
      return reply.status(404).send(errorBody('notFound'));
    }
    const lowerCase = lowerCaseAddress(request.url);
    if (lowerCase) return reply.redirect(lowerCase, 301);
    const input = texts ? await shellInputFor(ctx, request) : null;
    const page =
      input && texts ? renderShell(template, texts, input, preloadTags(manifest, input)) : template;
    const version = contentVersion(page);
    // A copy the browser holds is still good: it carries its own nonce, which the policy repeats.
    const cachedNonce = nonceOfFreshCopy(request.headers['if-none-match'], version);
    const nonce = cachedNonce ?? randomBytes(16).toString('base64url');
    reply
      .header('cache-control', REVALIDATE)
      .header('etag', pageEtag(version, nonce))
      .header('content-security-policy', pageContentSecurityPolicy(nonce));
    if (cachedNonce) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(withNonce(page, nonce));
  });
}

/**
 * A file's address, not a page's: the build's assets and names ending in a file type. A missing one
 * is a 404 — the app's page in its place would reach a browser asking for a script of a previous
 * deployment as HTML, and a crawler's `/favicon.ico` as a page (looked up as a group, first).
 * Group names and the app's routes have no dot (docs/group-configuration.md).
 */
const FILE_PATH =
  /^\/assets\/|\.(?:m?js|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|json|xml|txt|webmanifest)$/i;

export function isFilePath(url: string): boolean {
  return FILE_PATH.test(url.split('?')[0]!);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** A short hash of the page before its nonce is added: equal pages, equal versions. */
function contentVersion(page: string): string {
  return createHash('sha256').update(page).digest('base64url').slice(0, 22);
}

/**
 * The page's ETag names its content and the nonce written into it. The nonce must change with each
 * page sent, yet a revalidated copy keeps the markup (and nonces) it was first sent with; so a
 * 304 repeats that copy's nonce in its policy. The nonce only ever returns to the browser that
 * already holds it, so it stays as secret as before.
 */
function pageEtag(version: string, nonce: string): string {
  return `W/"${version}.${nonce}"`;
}

/** The nonce of the browser's copy, when that copy (an ETag in If-None-Match) is still current. */
export function nonceOfFreshCopy(ifNoneMatch: string | undefined, version: string): string | undefined {
  if (!ifNoneMatch) return undefined;
  for (const tag of ifNoneMatch.split(',')) {
    const match = /^\s*(?:W\/)?"([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{16,64})"\s*$/.exec(tag);
    if (match?.[1] === version) return match[2];
  }
  return undefined;
}

/**
 * The page's policy. Every group's booking page shares this origin, so no group's code may run on it:
 * scripts come only from the app itself (with this response's nonce) and from the known hosts of the
 * tracking tools a group names by id (docs/group-configuration.md "Tracking"). No inline script, no
 * 'strict-dynamic' (which would trust whatever a trusted script inserts), no other host.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${TRACKING_SCRIPT_HOSTS.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    // Map tiles and the tracking tools send to their own hosts (data, not code).
    "connect-src 'self' https:",
    'frame-src https:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    // The booking page is made to be embedded in any site (docs/requirements/booking-flow.md §1).
    'frame-ancestors *',
  ].join('; ');
}

/** Marks the page's own script and preload tags, and exposes the nonce to the app (React Aria reads it). */
function withNonce(html: string, nonce: string): string {
  return html
    .replace(/<script\b/g, `<script nonce="${nonce}"`)
    .replace(/<link rel="modulepreload"/g, `<link rel="modulepreload" nonce="${nonce}"`)
    .replace(/<head>/, `<head><meta property="csp-nonce" content="${nonce}">`);
}
