/**
 * One request, one view of the world: the clock is read once when the request arrives, and the
 * caller and the group are resolved once, then handed to the service as one Scope
 * (app-context.ts). A booking checked at one instant is stored at that same instant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, Scope, ViewerScope } from '../app-context.ts';
import { loadActiveGroup } from '../modules/groups/groups.service.ts';
import { anonymousViewer, type Viewer } from '../modules/sessions/viewer.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The server's context with this request's instant as its clock. */
    context: AppContext;
  }
}

export function installRequestContext(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('context', null as unknown as AppContext);
  app.addHook('onRequest', async (request) => {
    const now = ctx.now();
    request.context = { ...ctx, now: () => now };
  });
}

/** The scope of a request about an active group: refuses unknown and inactive groups first. */
export async function scopeOf(request: FastifyRequest, groupId: number): Promise<Scope> {
  const ctx = request.context;
  const group = await loadActiveGroup(ctx, groupId);
  const viewer = await ctx.resolveViewer(request);
  return { ctx, now: ctx.now(), viewer, group };
}

/**
 * The scope of a call made for nobody in particular (sign-up, a reset request): any session the
 * browser presents is not read, so a stale cookie cannot stand in the way of creating an account.
 */
export async function publicScopeOf(request: FastifyRequest, groupId: number): Promise<Scope> {
  const ctx = request.context;
  return { ctx, now: ctx.now(), viewer: anonymousViewer, group: await loadActiveGroup(ctx, groupId) };
}

/** The scope of a call about no one group; the route may pass the viewer it resolved itself. */
export async function viewerScopeOf(request: FastifyRequest, viewer?: Viewer): Promise<ViewerScope> {
  const ctx = request.context;
  return { ctx, now: ctx.now(), viewer: viewer ?? (await ctx.resolveViewer(request)) };
}
