/**
 * Single sign-on routes. They sit outside /api: they are browser navigations (a link, the
 * provider's redirect), which cannot carry the api key, and they answer with redirects — a failure
 * goes to the group's error page with `sso_error=<key>`, never to an error document.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { callScopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { setSessionCookie } from '../sessions/session-cookie.ts';
import {
  beginLogin,
  CALLBACK_PATH,
  endSessionLocation,
  errorPath,
  failureLocation,
  finishLogin,
} from './sso.service.ts';
import { SsoError, type SsoErrorKey } from './sso-errors.ts';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from './sso-flow-cookie.ts';
import { type SsoScope, ssoScopeOf } from './sso-scope.ts';

function redirect(reply: FastifyReply, location: string) {
  // The answers depend on cookies and on a moment in a flow: no cache may keep them.
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

/** The query as plain strings; qs may have produced arrays or objects, which no OAuth parameter is. */
function stringParams(query: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string') params[name] = value;
  }
  return params;
}

/** The site's own not-found answer (the web app's page), with a 404 status a browser or crawler can see. */
function notFound(reply: FastifyReply) {
  return reply.code(404).callNotFound();
}

function failure(request: FastifyRequest, error: unknown): SsoErrorKey {
  if (error instanceof SsoError) {
    request.log.warn({ sso_error: error.key, reason: error.reason }, 'single sign-on failed');
    return error.key;
  }
  request.log.error({ err: error }, 'single sign-on failed unexpectedly');
  return 'unexpected';
}

/** The scope of the group the path names, at the request's instant (undefined: no such page). */
function pathScopeOf(request: FastifyRequest): Promise<SsoScope | undefined> {
  const { urlname } = request.params as { urlname: string };
  return ssoScopeOf(callScopeOf(request), urlname);
}

export function registerSsoRoutes(app: ZodApp, _ctx: AppContext): void {
  // Browser navigations, documented in docs/sso.md rather than in the api-key OpenAPI document.
  const hidden = { schema: { hide: true } };

  app.get('/auth/sso/:urlname/login', hidden, async (request, reply) => {
    const target = await pathScopeOf(request);
    if (!target) return notFound(reply);
    try {
      const { location, flow } = await beginLogin(target, stringParams(request.query).return_to);
      setFlowCookie(reply, flow);
      return redirect(reply, location);
    } catch (error) {
      return redirect(reply, errorPath(target.group.urlname, failure(request, error)));
    }
  });

  app.get(CALLBACK_PATH, hidden, async (request, reply) => {
    const query = stringParams(request.query);
    const call = callScopeOf(request);
    const flow = readFlowCookie(request, call.now);
    // Used once, whatever happens: a replayed callback finds no flow.
    clearFlowCookie(reply);
    try {
      if (!flow) throw new SsoError('invalidState', 'flow cookie missing, forged or expired');
      const { token, returnTo } = await finishLogin(call, { flow, query });
      setSessionCookie(reply, token);
      return redirect(reply, returnTo);
    } catch (error) {
      const location = await failureLocation(call, { flow, query }, failure(request, error));
      return location ? redirect(reply, location) : notFound(reply);
    }
  });

  app.get('/auth/sso/:urlname/logout', hidden, async (request, reply) => {
    return redirect(reply, await endSessionLocation(callScopeOf(request), await pathScopeOf(request)));
  });
}
