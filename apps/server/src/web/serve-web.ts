/**
 * Serves the built single-page app: real files from apps/web/dist, and index.html for every other
 * non-API GET so client-side routes (/{urlname}/book/slots…) survive a reload.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
  const indexHtml = () => (built ? readFileSync(indexFile, 'utf8') : PLACEHOLDER);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(errorBody('notFound'));
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml());
  });
}
