import { getWebsite as endpoint } from '@creneau/contract/endpoints/groups';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { publicScopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { getWebsite } from './websites.service.ts';

export function registerWebsiteRoutes(app: ZodApp, _ctx: AppContext): void {
  app.get(endpoint.path, { schema: schemaOf(endpoint) }, async (request) =>
    getWebsite(await publicScopeOf(request, request.query.group_id)),
  );
}
