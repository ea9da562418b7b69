import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { commonQuery } from '../../http/query.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { listActiveGroups } from './pros.repository.ts';

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
      const viewer = await ctx.resolveViewer(request);
      if (viewer.type === 'anonymous') throw errors.expiredConnection();
      if (viewer.type !== 'pro') throw errors.forbidden();
      return { records: await listActiveGroups(ctx.db, viewer.proGroupIds) };
    },
  );
}
