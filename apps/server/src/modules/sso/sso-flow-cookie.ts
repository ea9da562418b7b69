/**
 * What the callback needs to finish a sign-on — PKCE verifier, state, nonce, group and return
 * address — travels in a short-lived signed HttpOnly cookie instead of server memory, so whichever
 * replica receives the callback can finish the flow (docs/operations.md "Topology": no shared memory).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomState } from 'openid-client';
import { z } from 'zod';

export const FLOW_COOKIE = 'creneau_sso_flow';
/** Only the callback ever reads it. */
export const FLOW_COOKIE_PATH = '/auth/sso/callback';
/** Long enough to type a password and pass a second factor at the provider. */
export const FLOW_LIFETIME_MS = 10 * 60_000;

const URLNAME = /^[a-z0-9][a-z0-9-]{1,63}$/;

const flowSchema = z.object({
  state: z.string().min(1).max(200),
  verifier: z.string().min(43).max(128),
  nonce: z.string().min(1).max(200),
  urlname: z.string().regex(URLNAME),
  returnTo: z.string().startsWith('/').max(2100),
  expiresAt: z.number().int(),
});

export type SsoFlow = z.infer<typeof flowSchema>;

/**
 * A fresh state naming the group after a dot: when the cookie is lost (another browser, cookies
 * blocked) the callback can still send the person to their group's error page rather than nowhere.
 */
export function newState(urlname: string): string {
  return `${randomState()}.${urlname}`;
}

/** The group named in a state, if it looks like a url name; only used to pick an error page. */
export function urlnameFromState(state: unknown): string | undefined {
  if (typeof state !== 'string') return undefined;
  const urlname = state.slice(state.indexOf('.') + 1);
  return state.includes('.') && URLNAME.test(urlname) ? urlname : undefined;
}

export function setFlowCookie(reply: FastifyReply, flow: SsoFlow): void {
  reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    secure: true,
    // Lax is sent on the provider's top-level redirect back to the callback, and on nothing else.
    sameSite: 'lax',
    maxAge: FLOW_LIFETIME_MS / 1000,
    signed: true,
  });
}

export function clearFlowCookie(reply: FastifyReply): void {
  reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH, httpOnly: true, secure: true, sameSite: 'lax' });
}

/** The flow behind the request's cookie, or undefined when it is missing, forged, malformed or expired. */
export function readFlowCookie(request: FastifyRequest, now: Date): SsoFlow | undefined {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const flow = flowSchema.safeParse(decoded);
  if (!flow.success || flow.data.expiresAt <= now.getTime()) return undefined;
  return flow.data;
}
