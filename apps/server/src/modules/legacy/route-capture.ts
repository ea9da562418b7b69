/**
 * Reads the route handlers a module's register function declares, without registering them.
 * The legacy generation re-mounts the v3 handlers under its own paths, so a rule, a
 * query or an input limit lives in one place and both generations follow it.
 */
import type { RouteHandlerMethod } from 'fastify';
import type { ZodApp } from '../../http/route-types.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface CapturedRoute {
  method: HttpMethod;
  url: string;
  handler: RouteHandlerMethod;
}

type Register<Ctx> = (app: ZodApp, ctx: Ctx) => void;

/** Runs each register function against a recorder and answers what it declared. */
export function captureRoutes<Ctx>(ctx: Ctx, registers: readonly Register<Ctx>[]): CapturedRoute[] {
  const captured: CapturedRoute[] = [];
  const recorder = (method: HttpMethod) => (url: string, _options: unknown, handler: unknown) => {
    if (typeof handler !== 'function')
      throw new Error(`route ${method} ${url}: expected (url, options, handler)`);
    captured.push({ method, url, handler: handler as RouteHandlerMethod });
  };
  const app = { get: recorder('GET'), post: recorder('POST'), put: recorder('PUT') };
  for (const register of registers) register(app as unknown as ZodApp, ctx);
  return captured;
}

/** The captured route with this method and v3 path; a renamed v3 route fails start-up loudly. */
export function findRoute(routes: readonly CapturedRoute[], method: string, url: string): CapturedRoute {
  const route = routes.find((r) => r.method === method && r.url === url);
  if (!route) throw new Error(`legacy API: no v3 route ${method} ${url} to mount`);
  return route;
}
