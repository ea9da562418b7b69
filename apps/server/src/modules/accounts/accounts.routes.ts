import { commonQuery, dbId } from '@creneau/contract/params';
import { boundedInt, emailText, fieldMap, keyText, singleLineText } from '@creneau/contract/wire-rules';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { loadActiveGroup } from '../groups/groups.service.ts';
import { setSessionCookie } from '../sessions/session-cookie.ts';
import { anonymousViewer } from '../sessions/viewer.ts';
import { forgotPassword, register, requestEmailChange, updatePassword } from './accounts.service.ts';

const query = z.object({ ...commonQuery });
const email = emailText;
// Checked against the rules by the service; bounded here so a huge body is refused early.
const password = singleLineText(1024, 1);
const key = keyText(100);

export function registerAccountRoutes(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/api/v3/accounts.json',
    {
      schema: {
        summary: 'Register (an activation link is e-mailed)',
        tags: ['accounts'],
        querystring: query,
        body: z.object({
          account: z.object({
            group_id: dbId,
            email,
            password: password.optional(),
            marketing_optin: z.boolean().optional(),
            marketing_sms: z.boolean().optional(),
            solocal_services_optin: z.boolean().optional(),
            pendingRdv: fieldMap(100, 10_000).optional(),
          }),
        }),
      },
    },
    async (request, reply) => {
      const { group_id, ...input } = request.body.account;
      const group = await loadActiveGroup(ctx, group_id);
      reply.status(201);
      return register(ctx, group, input, request.ip);
    },
  );

  app.post(
    '/api/v3/accounts/forgotPassword.json',
    {
      schema: {
        summary: 'E-mail a password reset link (same answer whether or not the address is known)',
        tags: ['accounts'],
        querystring: query,
        body: z.object({ account: z.object({ email, group_id: dbId }) }),
      },
    },
    async (request) => {
      const group = await loadActiveGroup(ctx, request.body.account.group_id);
      return forgotPassword(ctx, group, request.body.account.email, request.ip);
    },
  );

  app.put(
    '/api/v3/accounts/:id.json',
    {
      schema: {
        summary: 'Set a new password (current password, forced change, activation or reset link)',
        tags: ['accounts'],
        params: z.object({ id: dbId }),
        querystring: query,
        body: z.object({
          account: z.object({
            group_id: dbId.optional(),
            password,
            password_confirmation: singleLineText(1024).optional(),
            current_password: password.optional(),
            validation_key: key.optional(),
            oubliKey: key.optional(),
            api_user_id: z.union([singleLineText(64), boundedInt(0, 2_147_483_647)]).optional(),
            api_profile: singleLineText(32).optional(),
          }),
        }),
      },
    },
    async (request, reply) => {
      const { account } = request.body;
      const hasLink = Boolean(account.validation_key || account.oubliKey);
      // A link proves who the visitor is on its own; without one the session must.
      const viewer = hasLink
        ? await ctx.resolveViewer(request).catch(() => anonymousViewer)
        : await ctx.resolveViewer(request);
      if (account.password_confirmation !== undefined && account.password_confirmation !== account.password) {
        throw errors.unprocessable('passwordConfirm');
      }
      const result = await updatePassword(ctx, request.params.id, viewer, account);
      setSessionCookie(reply, result.token);
      return result.body;
    },
  );

  app.put(
    '/api/v3/accounts/:id/email.json',
    {
      schema: {
        summary: 'Change the e-mail address (confirmed from the new address)',
        tags: ['accounts'],
        params: z.object({ id: dbId }),
        querystring: query,
        body: z.object({ account: z.object({ group_id: dbId, temp_email: email }) }),
      },
    },
    async (request) => {
      const viewer = await ctx.resolveViewer(request);
      const group = await loadActiveGroup(ctx, request.body.account.group_id);
      return requestEmailChange(ctx, group, request.params.id, viewer, request.body.account.temp_email);
    },
  );
}
