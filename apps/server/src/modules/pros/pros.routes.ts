import { commonQuery } from '@creneau/contract/params';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { listProGroups } from './pros.service.ts';

export function registerProRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v3/groups',
    {
      schema: {
        summary: "A professional's groups",
        tags: ['sessions'],
        querystring: z.object({ ...commonQuery }),
      },
    },
    async (request) => {
      return { records: await listProGroups(ctx, await ctx.resolveViewer(request)) };
    },
  );
}
