import { commonQuery, dbId } from '@creneau/contract/params';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { loadActiveGroup } from '../groups/groups.service.ts';
import { getWebsite } from './websites.service.ts';

export function registerWebsiteRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v3/websites',
    {
      schema: {
        summary: 'Mini-site home settings of a group',
        tags: ['groups'],
        querystring: z.object({ ...commonQuery, group_id: dbId }),
      },
    },
    async (request) => getWebsite(ctx, await loadActiveGroup(ctx, request.query.group_id)),
  );
}
