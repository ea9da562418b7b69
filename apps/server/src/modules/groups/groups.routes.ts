import { commonQuery } from '@creneau/contract/params';
import { singleLineText } from '@creneau/contract/wire-rules';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { getPublicGroup, lookupShard, lookupUrlnameByHost } from './groups.service.ts';

const urlname = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a url name (a-z, 0-9, -)');

export function registerGroupRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v3/services/groups/:urlname.json',
    {
      schema: {
        summary: 'The group configuration the booking page starts from',
        tags: ['groups'],
        params: z.object({ urlname }),
        querystring: z.object({ ...commonQuery }),
      },
    },
    async (request) => getPublicGroup(ctx, request.params.urlname),
  );

  app.get(
    '/api/urlname',
    {
      schema: {
        summary: 'Find the group served on a host ("/" with no url name)',
        tags: ['groups'],
        querystring: z.object({ ...commonQuery, website: singleLineText(2048, 1) }),
      },
    },
    async (request) => lookupUrlnameByHost(ctx, request.query.website),
  );

  app.get(
    '/api/shard',
    {
      schema: {
        summary: 'The shard holding a group',
        tags: ['groups'],
        querystring: z.object({ ...commonQuery, value: urlname, field: z.literal('urlname') }),
      },
    },
    async (request) => lookupShard(ctx, request.query.value),
  );
}
