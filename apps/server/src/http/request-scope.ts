/**
 * One request, one view of the world: the clock is read once when the request arrives, and the
 * caller and the group are resolved once, then handed to the service as one Scope
 * (app-context.ts). A booking checked at one instant is stored at that same instant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, CallScope, Scope, ViewerScope } from '../app-context.ts';
import type { KeptGroupRows } from '../caching/group-rows.ts';
import { loadActiveGroup } from '../modules/groups/groups.service.ts';
import { anonymousViewer } from '../modules/sessions/viewer.ts';
import { groupShardContext } from '../sharding/group-shard-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The server's context with this request's instant as its clock. */
    context: AppContext;
    /** The group the request's scope was resolved for, if any (own-writes.ts reads it). */
    scopedGroupId: number | undefined;
  }
}

export function installRequestContext(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('context', null as unknown as AppContext);
  app.decorateRequest('scopedGroupId', undefined);
  app.addHook('onRequest', async (request) => {
    const now = ctx.now();
    request.context = { ...ctx, now: () => now };
  });
}

/**
 * The scope of a request about an active group: refuses unknown and inactive groups first. A read
 * that can use a row heard to be unchanged passes `keptRows` (caching/group-rows.ts).
 */
export async function scopeOf(
  request: FastifyRequest,
  groupId: number,
  keptRows?: KeptGroupRows,
): Promise<Scope> {
  const ctx = await onGroupShard(request, groupId);
  const group = await loadActiveGroup(ctx, groupId, keptRows);
  request.scopedGroupId = group.id;
  const viewer = await ctx.resolveViewer(request);
  return { ctx, now: ctx.now(), viewer, group };
}

/**
 * The scope of a call made for nobody in particular (sign-up, a reset request): any session the
 * browser presents is not read, so a stale cookie cannot stand in the way of creating an account.
 */
export async function publicScopeOf(request: FastifyRequest, groupId: number): Promise<Scope> {
  const ctx = await onGroupShard(request, groupId);
  const group = await loadActiveGroup(ctx, groupId);
  request.scopedGroupId = group.id;
  return { ctx, now: ctx.now(), viewer: anonymousViewer, group };
}

/**
 * On a sharded deployment, the request's context from here on reads and writes the group's shard
 * (docs/operations.md "Sharding"); on one database it is left as it is, at no cost.
 */
async function onGroupShard(request: FastifyRequest, groupId: number): Promise<AppContext> {
  if (!request.context.shards) return request.context;
  request.context = await groupShardContext(request.context, groupId, request.method !== 'GET');
  return request.context;
}

/**
 * The scope of a call about no one group: the caller's own account, sessions and groups. A call
 * that proves who is calling some other way (a link from an e-mail, a new owner in the body, a
 * logout) passes `unusableSessionIsNobody`: a session that cannot be used (expired, revoked, held to
 * a password change or to its link) then counts as nobody instead of refusing the call.
 */
export async function viewerScopeOf(
  request: FastifyRequest,
  options: { unusableSessionIsNobody?: boolean } = {},
): Promise<ViewerScope> {
  const ctx = request.context;
  const viewer = options.unusableSessionIsNobody
    ? await ctx.resolveViewer(request).catch(() => anonymousViewer)
    : await ctx.resolveViewer(request);
  return { ctx, now: ctx.now(), viewer };
}

/** The scope of a call made before anyone is known (logging in, single sign-on): no session is read. */
export function callScopeOf(request: FastifyRequest): CallScope {
  const ctx = request.context;
  return { ctx, now: ctx.now() };
}
