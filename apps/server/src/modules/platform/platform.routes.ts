import * as contract from '@creneau/contract/endpoints/platform';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { viewerScopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { setSessionCookie } from '../sessions/session-cookie.ts';
import { createInvitedGroup, listGroups, setGroupActive } from './platform.service.ts';
import { signUp } from './signup.service.ts';

export function registerPlatformRoutes(app: ZodApp, _ctx: AppContext): void {
  app.post(contract.signup.path, { schema: schemaOf(contract.signup) }, async (request, reply) => {
    // A new owner needs no session, so a stale cookie must not stand in the way; with no owner
    // in the body the session is the owner, and a bad one is refused as usual.
    const scope = await viewerScopeOf(request, { unusableSessionIsNobody: Boolean(request.body.owner) });
    const created = await signUp(scope, request.body, request.ip);
    setSessionCookie(reply, created.account_token);
    reply.status(201);
    return created;
  });

  app.get(
    contract.listPlatformGroups.path,
    { schema: schemaOf(contract.listPlatformGroups) },
    async (request) => listGroups(await viewerScopeOf(request)),
  );

  app.post(
    contract.createPlatformGroup.path,
    { schema: schemaOf(contract.createPlatformGroup) },
    async (request, reply) => {
      const created = await createInvitedGroup(await viewerScopeOf(request), request.body);
      reply.status(201);
      return created;
    },
  );

  app.put(contract.setGroupActive.path, { schema: schemaOf(contract.setGroupActive) }, async (request) =>
    setGroupActive(await viewerScopeOf(request), request.params.id, request.body.active),
  );
}
