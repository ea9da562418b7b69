import * as contract from '@creneau/contract/endpoints/fiches';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { createFiche, listFiches, updateFicheRecord } from './fiches.service.ts';

// What the client may not set on a record (docs/requirements/accounts-and-appointments.md §7: sent "minus" these).
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

export function registerFicheRoutes(app: ZodApp, _ctx: AppContext): void {
  app.get(contract.listFiches.path, { schema: schemaOf(contract.listFiches) }, async (request) => {
    return { records: await listFiches(await scopeOf(request, request.params.id), request.query.search) };
  });

  app.post(contract.createFiche.path, { schema: schemaOf(contract.createFiche) }, async (request, reply) => {
    const scope = await scopeOf(request, request.params.id);
    reply.status(201);
    return createFiche(scope, clientFields(request.body.fiche));
  });

  app.put(contract.updateFiche.path, { schema: schemaOf(contract.updateFiche) }, async (request) => {
    const scope = await scopeOf(request, request.params.id);
    return updateFicheRecord(scope, request.params.ficheId, clientFields(request.body.fiche));
  });
}
