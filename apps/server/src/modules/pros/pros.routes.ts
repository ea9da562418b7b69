import { listProGroups as endpoint } from '@creneau/contract/endpoints/groups';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { viewerScopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { listProGroups } from './pros.service.ts';

export function registerProRoutes(app: ZodApp, _ctx: AppContext): void {
  app.get(endpoint.path, { schema: schemaOf(endpoint) }, async (request) => ({
    records: await listProGroups(await viewerScopeOf(request)),
  }));
}
