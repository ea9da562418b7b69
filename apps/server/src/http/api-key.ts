import type { FastifyInstance } from 'fastify';
import { errors } from '../errors/domain-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A link opened outside the app (the legacy .ics export): the session token is enough. */
    apiKeyOptional?: boolean;
  }
}

/**
 * Every /api call must carry a known `apikey` query parameter (the spec's api key). The
 * OpenAPI pages are exempt so a developer can read them in a browser.
 */
export function requireApiKey(app: FastifyInstance, keys: readonly string[]): void {
  const known = new Set(keys);
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    if (request.routeOptions.config?.apiKeyOptional) return;
    const key = (request.query as Record<string, unknown> | undefined)?.apikey;
    if (typeof key !== 'string' || !known.has(key)) throw errors.invalidApiKey();
  });
}
