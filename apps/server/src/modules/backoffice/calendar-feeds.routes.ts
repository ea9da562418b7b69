/** Private calendar subscriptions: their management in the back office and the feeds themselves (docs/back-office.md "Calendar subscriptions"). */
import * as contract from '@creneau/contract/endpoints/calendar-feeds';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors/domain-error.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { readFeedFile } from './calendar-feed-file.ts';
import { createCalendarFeed, listCalendarFeeds, revokeCalendarFeed } from './calendar-feeds.service.ts';

/** Whether the client's copy (If-None-Match: a list of tags, or *) is the current one. */
function holdsCurrent(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export function registerCalendarFeedRoutes(app: ZodApp): void {
  app.get(
    contract.listCalendarFeeds.path,
    { schema: schemaOf(contract.listCalendarFeeds) },
    async (request) => ({ records: await listCalendarFeeds(await scopeOf(request, request.params.id)) }),
  );

  app.post(
    contract.createCalendarFeed.path,
    { schema: schemaOf(contract.createCalendarFeed) },
    async (request, reply) => {
      const feed = await createCalendarFeed(await scopeOf(request, request.params.id), request.body);
      // The address holds a secret: no cache anywhere may keep it.
      reply.status(201).header('cache-control', 'no-store');
      return feed;
    },
  );

  app.delete(
    contract.revokeCalendarFeed.path,
    { schema: schemaOf(contract.revokeCalendarFeed) },
    async (request) => revokeCalendarFeed(await scopeOf(request, request.params.id), request.params.feedId),
  );

  // Calendar apps know nothing of API keys: the secret in the address stands for one.
  app.get(
    contract.calendarFeedFile.path,
    { schema: schemaOf(contract.calendarFeedFile), config: { apiKeyOptional: true } },
    async (request, reply) => {
      const file = await readFeedFile(request.context, request.params.token);
      reply
        .header('etag', file.etag)
        .header('last-modified', file.lastModified.toUTCString())
        // Kept by the one client that asked, and asked again each time (a 304 when nothing changed).
        .header('cache-control', 'private, no-cache')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex');
      if (holdsCurrent(request, file.etag)) return reply.status(304).send();
      return reply.type('text/calendar; charset=utf-8').send(file.body);
    },
  );

  // Whatever else is asked under the feeds (a secret too long for the router, no ".ics"): the
  // same 404 as an unknown feed, rather than the API key's refusal.
  app.get('/api/v3/feeds/*', { schema: { hide: true }, config: { apiKeyOptional: true } }, async () => {
    throw errors.notFound('feedNotFound');
  });
}
