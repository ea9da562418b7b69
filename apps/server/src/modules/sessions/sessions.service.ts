/**
 * Sessions (spec 001 §3 Session, §4): a token of 256 random bits, valid two hours from
 * lastSignedAt, sent as the `token` query parameter or the session cookie. Only its hash is stored.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { ApiError } from '../../http/errors.ts';
import { anonymousViewer, type Viewer } from '../../http/viewer.ts';
import { isLinkKind, LINK_SESSION_WRITES } from './link-scope.ts';
import { hashSecretToken, isWellFormedToken, newSecretToken } from './secret-tokens.ts';
import * as repo from './sessions.repository.ts';

/** Spec 001 §4: 7,200,000 ms from lastSignedAt. */
export const SESSION_LIFETIME_MS = 7_200_000;
export const SESSION_COOKIE = 'creneau_session';

type Db = Kysely<Database> | Transaction<Database>;

export async function startSession(
  db: Db,
  now: Date,
  session: Omit<repo.NewSession, 'tokenHash' | 'now'>,
): Promise<{ token: string; sessionId: number }> {
  const { token, hash } = newSecretToken();
  const sessionId = await repo.insertSession(db, { ...session, tokenHash: hash, now });
  return { token, sessionId };
}

function presentedToken(request: FastifyRequest): { token: string; fromCookie: boolean } | undefined {
  const param = (request.query as Record<string, unknown> | undefined)?.token;
  if (param !== undefined && param !== '') return { token: String(param), fromCookie: false };
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, fromCookie: true } : undefined;
}

/** Routes an account awaiting a forced password change may still use (spec 001 §4 needPasswordChange). */
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
export function createViewerResolver(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<Viewer> => {
    const cached = (request as FastifyRequest & { viewer?: Viewer }).viewer;
    if (cached) return cached;
    const presented = presentedToken(request);
    if (!presented) return anonymousViewer;
    const expired = () =>
      new ApiError(401, 'expiredConnection', {}, presented.fromCookie ? clearSessionCookie : undefined);
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
      throw new ApiError(403, 'pwdMustBeChanged');
    }
    // A link session reads, and changes only what its link was sent for (docs/customer-area.md).
    const method = request.method.toUpperCase();
    if (
      viewer.scope &&
      method !== 'GET' &&
      method !== 'HEAD' &&
      !LINK_SESSION_WRITES.has(`${method} ${request.routeOptions.url ?? ''}`)
    ) {
      throw new ApiError(403, 'linkScope');
    }
    (request as FastifyRequest & { viewer?: Viewer }).viewer = viewer;
    return viewer;
  };
}

/** The session cookie: HttpOnly, Secure, SameSite=None and Partitioned so it works inside frames. */
export function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    secure: true,
    sameSite: 'none',
    partitioned: true,
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    secure: true,
    sameSite: 'none',
    partitioned: true,
  });
}

export async function logout(
  ctx: AppContext,
  viewer: Viewer,
): Promise<{ logged: false; sso_logout: boolean }> {
  if (viewer.sessionId) await repo.revokeSession(ctx.db, viewer.sessionId, ctx.now());
  return { logged: false, sso_logout: viewer.ssoLogged };
}

export const { revokeAccountSessions, revokeSession } = repo;
