/**
 * One request, one view of the world: the clock is read once when the request arrives, and the
 * caller and the group are resolved once, then handed to the service as one Scope
 * (app-context.ts). A booking checked at one instant is stored at that same instant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, Scope } from '../app-context.ts';
import { loadActiveGroup } from '../modules/groups/groups.service.ts';

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
