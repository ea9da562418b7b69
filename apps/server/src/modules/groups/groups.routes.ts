import * as contract from '@creneau/contract/endpoints/groups';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { getPublicGroup, lookupShard, lookupUrlnameByHost } from './groups.service.ts';

export function registerGroupRoutes(app: ZodApp, _ctx: AppContext): void {
  app.get(contract.getGroup.path, { schema: schemaOf(contract.getGroup) }, async (request) =>
    getPublicGroup(request.context, request.params.urlname),
  );

  app.get(
    contract.findUrlnameByHost.path,
    { schema: schemaOf(contract.findUrlnameByHost) },
    async (request) => lookupUrlnameByHost(request.context, request.query.website),
  );

  app.get(contract.findShard.path, { schema: schemaOf(contract.findShard) }, async (request) =>
    lookupShard(request.context, request.query.value),
  );
}
