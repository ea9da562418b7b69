import { getWebsite as endpoint } from '@creneau/contract/endpoints/groups';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { loadActiveGroup } from '../groups/groups.service.ts';
import { getWebsite } from './websites.service.ts';

export function registerWebsiteRoutes(app: ZodApp, _ctx: AppContext): void {
  app.get(endpoint.path, { schema: schemaOf(endpoint) }, async (request) =>
    getWebsite(request.context, await loadActiveGroup(request.context, request.query.group_id)),
  );
}
