import { commonQuery, conditionsParam, dbId, idList, localeParam } from '@creneau/contract/params';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { loadActiveGroup } from '../groups/groups.service.ts';
import * as catalogue from './catalogue.service.ts';

const params = z.object({ id: dbId });
const listQuery = z.object({ ...commonQuery, locale: localeParam, conditions: conditionsParam });
const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** The group and caller behind a catalogue read; a closed (openData false) group needs a session. */
async function groupAndViewer(ctx: AppContext, request: FastifyRequest, groupId: number) {
  const group = await loadActiveGroup(ctx, groupId);
  const viewer = await ctx.resolveViewer(request);
  if (!group.settings.openData && viewer.type === 'anonymous') throw errors.expiredConnection();
  return { group, viewer };
}

export function registerCatalogueRoutes(app: ZodApp, ctx: AppContext): void {
  const records = { tags: ['catalogue'], params, querystring: listQuery };

  app.get(
    '/api/v3/groups/:id/interventionsets',
    { schema: { ...records, summary: 'Categories' } },
    async (request) => {
      const { group, viewer } = await groupAndViewer(ctx, request, request.params.id);
      return { records: await catalogue.listInterventionsets(ctx, group, viewer, request.query) };
    },
  );

  app.get(
    '/api/v3/groups/:id/interventions',
    { schema: { ...records, summary: 'Services' } },
    async (request) => {
      const { group, viewer } = await groupAndViewer(ctx, request, request.params.id);
      return { records: await catalogue.listInterventions(ctx, group, viewer, request.query, 'free') };
    },
  );

  app.get(
    '/api/v3/groups/:id/pack_interventions',
    { schema: { ...records, summary: 'Packs (opened only)' } },
    async (request) => {
      const { group, viewer } = await groupAndViewer(ctx, request, request.params.id);
      return { records: await catalogue.listInterventions(ctx, group, viewer, request.query, 'pack') };
    },
  );

  app.get(
    '/api/v3/groups/:id/calendarsets',
    { schema: { ...records, summary: 'Calendar sets' } },
    async (request) => {
      const { group, viewer } = await groupAndViewer(ctx, request, request.params.id);
      return { records: await catalogue.listCalendarsets(ctx, group, viewer, request.query) };
    },
  );

  app.get(
    '/api/v3/groups/:id/calendars',
    {
      schema: {
        ...records,
        summary: 'Calendars and resources (a resource is a calendar with resource: true)',
        querystring: listQuery.extend({
          resource: booleanFlag.optional(),
          intervention_ids: idList
            .optional()
            .describe('only calendars performing every one of these services'),
        }),
      },
    },
    async (request) => {
      const { group, viewer } = await groupAndViewer(ctx, request, request.params.id);
      return { records: await catalogue.listCalendars(ctx, group, viewer, request.query) };
    },
  );
}
