import * as contract from '@creneau/contract/endpoints/accounts';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { publicScopeOf, scopeOf, viewerScopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { setSessionCookie } from '../sessions/session-cookie.ts';
import { forgotPassword, register, requestEmailChange, updatePassword } from './accounts.service.ts';

export function registerAccountRoutes(app: ZodApp, _ctx: AppContext): void {
  app.post(contract.register.path, { schema: schemaOf(contract.register) }, async (request, reply) => {
    const { group_id, ...input } = request.body.account;
    const scope = await publicScopeOf(request, group_id);
    reply.status(201);
    return register(scope, input, request.ip);
  });

  app.post(contract.forgotPassword.path, { schema: schemaOf(contract.forgotPassword) }, async (request) => {
    const scope = await publicScopeOf(request, request.body.account.group_id);
    return forgotPassword(scope, request.body.account.email, request.ip);
  });

  app.put(contract.setPassword.path, { schema: schemaOf(contract.setPassword) }, async (request, reply) => {
    const { account } = request.body;
    // A link proves who the visitor is on its own; without one the session must.
    const hasLink = Boolean(account.validation_key || account.oubliKey);
    const scope = await viewerScopeOf(request, { unusableSessionIsNobody: hasLink });
    const result = await updatePassword(scope, request.params.id, account);
    setSessionCookie(reply, result.token);
    return result.body;
  });

  app.put(contract.changeEmail.path, { schema: schemaOf(contract.changeEmail) }, async (request) => {
    const scope = await scopeOf(request, request.body.account.group_id);
    return requestEmailChange(scope, request.params.id, request.body.account.temp_email);
  });
}
