import { commonQuery, dbId } from '@creneau/contract/params';
import { emailText, keyText, singleLineText } from '@creneau/contract/wire-rules';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../sessions/session-cookie.ts';
import { logout } from '../sessions/sessions.service.ts';
import { describeSession } from './current-session.service.ts';
import { login } from './login.service.ts';

const loginBody = z.object({
  credentials: z
    .object({
      email: emailText,
      // Long enough for any real password; bounded so hashing cannot be used to burn CPU.
      password: singleLineText(1024, 1),
    })
    .optional(),
  account: z
    .object({
      group_id: dbId.optional(),
      email: singleLineText(254).optional(),
      ficheKey: keyText(100).optional(),
      validation_key: keyText(100).optional(),
      temp_email: singleLineText(254).optional(),
    })
    .optional(),
});

export function registerSessionRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v3/sessions/current.json',
    {
      schema: {
        summary: 'The current session',
        tags: ['sessions'],
        querystring: z.object({ ...commonQuery }),
      },
    },
    async (request) => {
      const viewer = await ctx.resolveViewer(request);
      const token = request.query.token ?? request.cookies[SESSION_COOKIE] ?? null;
      return describeSession(ctx, viewer, viewer.type === 'anonymous' ? null : token);
    },
  );

  app.post(
    '/api/v3/sessions/login.json',
    {
      schema: {
        summary: 'Log in with e-mail and password, or with a fiche key from an e-mail link',
        tags: ['sessions'],
        querystring: z.object({ ...commonQuery }),
        body: loginBody,
      },
    },
    async (request, reply) => {
      const result = await login(ctx, request.body, request.ip);
      setSessionCookie(reply, result.token);
      return result.body;
    },
  );

  app.post(
    '/api/v3/sessions/logout.json',
    { schema: { summary: 'End the session', tags: ['sessions'], querystring: z.object({ ...commonQuery }) } },
    async (request, reply) => {
      const viewer = await ctx.resolveViewer(request).catch(() => null);
      clearSessionCookie(reply);
      return viewer ? logout(ctx, viewer) : { logged: false, sso_logout: false };
    },
  );
}
