/**
 * Who is behind a request: the session its `token` parameter or session cookie names, checked
 * once per request (docs/customer-area.md). This is the HTTP side of sessions; services receive
 * the resulting Viewer.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext, ViewerResolver } from '../../app-context.ts';
import { DomainError, errors } from '../../errors/domain-error.ts';
import { isLinkKind, LINK_SESSION_WRITES } from './link-scope.ts';
import { hashSecretToken, isWellFormedToken } from './secret-tokens.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import * as repo from './sessions.repository.ts';
import { SESSION_LIFETIME_MS } from './sessions.service.ts';
import { anonymousViewer, type Viewer } from './viewer.ts';

function presentedToken(request: FastifyRequest): { token: string; fromCookie: boolean } | undefined {
  const param = (request.query as Record<string, unknown> | undefined)?.token;
  if (param !== undefined && param !== '') return { token: String(param), fromCookie: false };
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, fromCookie: true } : undefined;
}

/** Routes an account awaiting a forced password change may still use (docs/requirements/accounts-and-appointments.md §4 needPasswordChange). */
export const PASSWORD_CHANGE_ROUTES = new Set([
  '/api/v3/sessions/current.json',
  '/api/v3/sessions/logout.json',
  '/api/v3/accounts/:id.json',
  '/api/v3/services/groups/:urlname.json',
]);

/**
 * The viewer behind a request. A token that is malformed, unknown, revoked or older than two hours
 * answers 401 expiredConnection (and clears a stale cookie so the browser stops sending it).
 */
export function createViewerResolver(ctx: AppContext): ViewerResolver {
  return async (request: FastifyRequest): Promise<Viewer> => {
    const cached = (request as FastifyRequest & { viewer?: Viewer }).viewer;
    if (cached) return cached;
    const presented = presentedToken(request);
    if (!presented) return anonymousViewer;
    const expired = () =>
      new DomainError('unauthenticated', 'expiredConnection', { endsCookieSession: presented.fromCookie });
    if (!isWellFormedToken(presented.token)) throw expired();
    const row = await repo.findSessionByHash(ctx.db, hashSecretToken(presented.token));
    const now = ctx.now().getTime();
    if (!row || row.revoked_at || now - new Date(row.last_signed_at).getTime() >= SESSION_LIFETIME_MS)
      throw expired();
    const viewer: Viewer = {
      type: row.type,
      sessionId: row.id,
      accountId: row.account_id,
      email: row.account_email ?? row.fiche_email ?? null,
      proGroupIds:
        row.type === 'pro' && row.account_id ? await repo.listProGroupIds(ctx.db, row.account_id) : [],
      groupId: row.group_id,
      ficheId: row.fiche_id,
      scope:
        isLinkKind(row.scope) && row.scope_appointment_id
          ? { action: row.scope, appointmentId: row.scope_appointment_id }
          : null,
      needPasswordChange: Boolean(row.need_password_change),
      ssoLogged: row.sso_logged,
      lastSignedAt: new Date(row.last_signed_at),
    };
    // A link session that somehow lost its appointment must not become an unlimited fiche session.
    if (row.scope && !viewer.scope) throw expired();
    if (viewer.needPasswordChange && !PASSWORD_CHANGE_ROUTES.has(request.routeOptions.url ?? '')) {
      throw errors.forbidden('pwdMustBeChanged');
    }
    // A link session reads, and changes only what its link was sent for (docs/customer-area.md).
    const method = request.method.toUpperCase();
    if (
      viewer.scope &&
      method !== 'GET' &&
      method !== 'HEAD' &&
      !LINK_SESSION_WRITES.has(`${method} ${request.routeOptions.url ?? ''}`)
    ) {
      throw errors.forbidden('linkScope');
    }
    (request as FastifyRequest & { viewer?: Viewer }).viewer = viewer;
    return viewer;
  };
}
