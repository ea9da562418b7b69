/**
 * The session cookie, the HTTP side of a session (docs/api.md "Conventions"): the token travels as
 * this cookie or as the `token` parameter.
 */
import type { FastifyReply } from 'fastify';
import { SESSION_LIFETIME_MS } from './sessions.service.ts';

export const SESSION_COOKIE = 'creneau_session';

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
