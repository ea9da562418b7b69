import type { FastifyInstance } from 'fastify';
import { errors } from './errors.ts';

/**
 * Every /api call must carry a known `apikey` query parameter (the spec's api key). The
 * OpenAPI pages are exempt so a developer can read them in a browser.
 */
export function requireApiKey(app: FastifyInstance, keys: readonly string[]): void {
  const known = new Set(keys);
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const key = (request.query as Record<string, unknown> | undefined)?.apikey;
    if (typeof key !== 'string' || !known.has(key)) throw errors.invalidApiKey();
  });
}
