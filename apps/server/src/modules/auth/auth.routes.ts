import * as contract from '@creneau/contract/endpoints/sessions';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { callScopeOf, viewerScopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../sessions/session-cookie.ts';
import { logout } from '../sessions/sessions.service.ts';
import { describeSession } from './current-session.service.ts';
import { login } from './login.service.ts';

export function registerSessionRoutes(app: ZodApp, _ctx: AppContext): void {
  app.get(
    contract.getCurrentSession.path,
    { schema: schemaOf(contract.getCurrentSession) },
    async (request) => {
      const scope = await viewerScopeOf(request);
      const token = request.query.token ?? request.cookies[SESSION_COOKIE] ?? null;
      return describeSession(scope, scope.viewer.type === 'anonymous' ? null : token);
    },
  );

  app.post(contract.login.path, { schema: schemaOf(contract.login) }, async (request, reply) => {
    const result = await login(callScopeOf(request), request.body, request.ip);
    setSessionCookie(reply, result.token);
    return result.body;
  });

  app.post(contract.logout.path, { schema: schemaOf(contract.logout) }, async (request, reply) => {
    // Logging out always succeeds: a session that can no longer be used is simply nobody's.
    const scope = await viewerScopeOf(request, { unusableSessionIsNobody: true });
    clearSessionCookie(reply);
    return logout(scope);
  });
}
