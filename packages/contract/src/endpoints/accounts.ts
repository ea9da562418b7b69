/** Registration, password reset and change, e-mail change. */
import { z } from 'zod';
import { type AnswerOf, endpoint } from '../endpoint.ts';
import { dbId } from '../params.ts';
import { boundedInt, emailText, fieldMap, keyText, singleLineText } from '../wire-rules.ts';
import { plainQuery } from './common.ts';

// Checked against the password rules by the server; bounded here so a huge body is refused early.
const password = singleLineText(1024, 1);
const linkKey = keyText(100);

export const register = endpoint({
  method: 'POST',
  path: '/api/v3/accounts.json',
  summary: 'Register (an activation link is e-mailed)',
  tags: ['accounts'],
  querystring: plainQuery,
  body: z.object({
    account: z.object({
      group_id: dbId,
      email: emailText,
      password: password.optional(),
      marketing_optin: z.boolean().optional(),
      marketing_sms: z.boolean().optional(),
      solocal_services_optin: z.boolean().optional(),
      pendingRdv: fieldMap(100, 10_000).optional(),
    }),
  }),
  answers: {
    201: z.object({
      account: z.object({ id: z.number().int(), email: z.string(), status: z.literal('pending') }),
      msg: z.string(),
    }),
  },
});

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/api/v3/accounts/forgotPassword.json',
  summary: 'E-mail a password reset link (same answer whether or not the address is known)',
  tags: ['accounts'],
  querystring: plainQuery,
  body: z.object({ account: z.object({ email: emailText, group_id: dbId }) }),
  answers: { 200: z.object({ msg: z.string() }) },
});

export const setPassword = endpoint({
  method: 'PUT',
  path: '/api/v3/accounts/:id.json',
  summary: 'Set a new password (current password, forced change, activation or reset link)',
  tags: ['accounts'],
  params: z.object({ id: dbId }),
  querystring: plainQuery,
  body: z.object({
    account: z.object({
      group_id: dbId.optional(),
      password,
      password_confirmation: singleLineText(1024).optional(),
      current_password: password.optional(),
      validation_key: linkKey.optional(),
      oubliKey: linkKey.optional(),
      api_user_id: z.union([singleLineText(64), boundedInt(0, 2_147_483_647)]).optional(),
      api_profile: singleLineText(32).optional(),
    }),
  }),
  answers: {
    200: z.object({
      account: z.object({ id: z.number().int(), email: z.string() }),
      account_token: z.string(),
      msg: z.string(),
    }),
  },
});

export const changeEmail = endpoint({
  method: 'PUT',
  path: '/api/v3/accounts/:id/email.json',
  summary: 'Change the e-mail address (confirmed from the new address)',
  tags: ['accounts'],
  params: z.object({ id: dbId }),
  querystring: plainQuery,
  body: z.object({ account: z.object({ group_id: dbId, temp_email: emailText }) }),
  answers: {
    200: z.object({
      account: z.object({ id: z.number().int(), email: z.string(), temp_email: z.string() }),
      emailChanged: z.literal(true),
    }),
  },
});

export type Registered = AnswerOf<typeof register>;
export type PasswordSet = AnswerOf<typeof setPassword>;
export type EmailChangeRequested = AnswerOf<typeof changeEmail>;
