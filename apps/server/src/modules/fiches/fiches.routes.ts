import * as contract from '@creneau/contract/endpoints/fiches';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { loadActiveGroup } from '../groups/groups.service.ts';
import { createFiche, listFiches, updateFicheRecord } from './fiches.service.ts';

// What the client may not set on a record (spec 001 §7: sent "minus" these).
const SERVER_OWNED = [
  'id',
  'group_id',
  'account_id',
  'created_at',
  'updated_at',
  'externid',
  'marketing_optin',
];
const clientFields = (fiche: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fiche).filter(([name]) => !SERVER_OWNED.includes(name)));

export function registerFicheRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(contract.listFiches.path, { schema: schemaOf(contract.listFiches) }, async (request) => {
    const group = await loadActiveGroup(ctx, request.params.id);
    const viewer = await ctx.resolveViewer(request);
    return { records: await listFiches(ctx, group, viewer, request.query.search) };
  });

  app.post(contract.createFiche.path, { schema: schemaOf(contract.createFiche) }, async (request, reply) => {
    const group = await loadActiveGroup(ctx, request.params.id);
    const viewer = await ctx.resolveViewer(request);
    reply.status(201);
    return createFiche(ctx, group, viewer, clientFields(request.body.fiche));
  });

  app.put(contract.updateFiche.path, { schema: schemaOf(contract.updateFiche) }, async (request) => {
    const group = await loadActiveGroup(ctx, request.params.id);
    const viewer = await ctx.resolveViewer(request);
    return updateFicheRecord(ctx, group, viewer, request.params.ficheId, clientFields(request.body.fiche));
  });
}
