import { commonQuery, dbId } from '@creneau/contract/params';
import { fieldMap, singleLineText } from '@creneau/contract/wire-rules';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { loadActiveGroup } from '../groups/groups.service.ts';
import { createFicheRecord, listFiches, presentFiche, updateFicheRecord } from './fiches.service.ts';

// Field values are checked against the group's form by the service (names, phones, one line or
// several: the form's rules); here the envelope and the characters no field may hold.
const ficheBody = z.object({ fiche: fieldMap(100, 20_000) });

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
  const params = z.object({ id: dbId });

  app.get(
    '/api/v3/groups/:id/fiches',
    {
      schema: {
        summary: "The caller's records (professionals: a search of the group's records)",
        tags: ['fiches'],
        params,
        querystring: z.object({ ...commonQuery, search: singleLineText(100).optional() }),
      },
    },
    async (request) => {
      const group = await loadActiveGroup(ctx, request.params.id);
      const viewer = await ctx.resolveViewer(request);
      return { records: await listFiches(ctx, group, viewer, request.query.search) };
    },
  );

  app.post(
    '/api/v3/groups/:id/fiches',
    {
      schema: {
        summary: 'Create a record',
        tags: ['fiches'],
        params,
        querystring: z.object({ ...commonQuery }),
        body: ficheBody,
      },
    },
    async (request, reply) => {
      const group = await loadActiveGroup(ctx, request.params.id);
      const viewer = await ctx.resolveViewer(request);
      if (viewer.type === 'anonymous') throw errors.expiredConnection();
      const fiche = await ctx.db
        .transaction()
        .execute((trx) => createFicheRecord(ctx, trx, group, viewer, clientFields(request.body.fiche)));
      reply.status(201);
      return presentFiche(fiche);
    },
  );

  app.put(
    '/api/v3/groups/:id/fiches/:ficheId',
    {
      schema: {
        summary: 'Update (or delete with deleted: true) a record',
        tags: ['fiches'],
        params: z.object({ id: dbId, ficheId: dbId }),
        querystring: z.object({ ...commonQuery }),
        body: ficheBody,
      },
    },
    async (request) => {
      const group = await loadActiveGroup(ctx, request.params.id);
      const viewer = await ctx.resolveViewer(request);
      return updateFicheRecord(ctx, group, viewer, request.params.ficheId, clientFields(request.body.fiche));
    },
  );
}
