/**
 * Serves the built single-page app: real files from apps/web/dist, and index.html for every other
 * non-API GET so client-side routes (/{urlname}/book/slots…) survive a reload.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TRACKING_SCRIPT_HOSTS } from '@creneau/core/tracking/tracking-ids';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/errors.ts';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Créneau</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Créneau</h1><p>The web app is not built yet: run <code>npm start</code>, which builds it.</p></main></body></html>`;

export async function serveWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Vite names assets by content hash, so they can be cached for ever; index.html never.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const template = built ? readFileSync(indexFile, 'utf8') : PLACEHOLDER;
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(errorBody('notFound'));
    }
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', pageContentSecurityPolicy(nonce))
      .send(withNonce(template, nonce));
  });
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
    // The booking page is made to be embedded in any site (spec 000 §1).
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
