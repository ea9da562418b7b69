import * as contract from '@creneau/contract/endpoints/catalogue';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { schemaOf } from '../../http/contract-route.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { loadActiveGroup } from '../groups/groups.service.ts';
import * as catalogue from './catalogue.service.ts';

/** The group and caller behind a catalogue read; a closed (openData false) group needs a session. */
async function groupAndViewer(ctx: AppContext, request: FastifyRequest, groupId: number) {
  const group = await loadActiveGroup(ctx, groupId);
  const viewer = await ctx.resolveViewer(request);
  if (!group.settings.openData && viewer.type === 'anonymous') throw errors.expiredConnection();
  return { group, viewer };
}

export function registerCatalogueRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    contract.listInterventionsets.path,
    { schema: schemaOf(contract.listInterventionsets) },
    async (request) => {
      const { group, viewer } = await groupAndViewer(ctx, request, request.params.id);
      return { records: await catalogue.listInterventionsets(ctx, group, viewer, request.query) };
    },
  );

  app.get(
    contract.listInterventions.path,
    { schema: schemaOf(contract.listInterventions) },
    async (request) => {
      const { group, viewer } = await groupAndViewer(ctx, request, request.params.id);
      return { records: await catalogue.listInterventions(ctx, group, viewer, request.query, 'free') };
    },
  );

  app.get(
    contract.listPackInterventions.path,
    { schema: schemaOf(contract.listPackInterventions) },
    async (request) => {
      const { group, viewer } = await groupAndViewer(ctx, request, request.params.id);
      return { records: await catalogue.listInterventions(ctx, group, viewer, request.query, 'pack') };
    },
  );

  app.get(
    contract.listCalendarsets.path,
    { schema: schemaOf(contract.listCalendarsets) },
    async (request) => {
      const { group, viewer } = await groupAndViewer(ctx, request, request.params.id);
      return { records: await catalogue.listCalendarsets(ctx, group, viewer, request.query) };
    },
  );

  app.get(contract.listCalendars.path, { schema: schemaOf(contract.listCalendars) }, async (request) => {
    const { group, viewer } = await groupAndViewer(ctx, request, request.params.id);
    return { records: await catalogue.listCalendars(ctx, group, viewer, request.query) };
  });
}
