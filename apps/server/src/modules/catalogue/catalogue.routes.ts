import * as contract from '@creneau/contract/endpoints/catalogue';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import * as catalogue from './catalogue.service.ts';

export function registerCatalogueRoutes(app: ZodApp, _ctx: AppContext): void {
  app.get(
    contract.listInterventionsets.path,
    { schema: schemaOf(contract.listInterventionsets) },
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      return { records: await catalogue.listInterventionsets(scope, request.query) };
    },
  );

  app.get(
    contract.listInterventions.path,
    { schema: schemaOf(contract.listInterventions) },
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      return { records: await catalogue.listInterventions(scope, request.query, 'free') };
    },
  );

  app.get(
    contract.listPackInterventions.path,
    { schema: schemaOf(contract.listPackInterventions) },
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      return { records: await catalogue.listInterventions(scope, request.query, 'pack') };
    },
  );

  app.get(
    contract.listCalendarsets.path,
    { schema: schemaOf(contract.listCalendarsets) },
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      return { records: await catalogue.listCalendarsets(scope, request.query) };
    },
  );

  app.get(contract.listCalendars.path, { schema: schemaOf(contract.listCalendars) }, async (request) => {
    const scope = await scopeOf(request, request.params.id);
    return { records: await catalogue.listCalendars(scope, request.query) };
  });
}
