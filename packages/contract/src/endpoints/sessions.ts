/** Logging in and out, and who the current session is. */
import { z } from 'zod';
import { type AnswerOf, endpoint } from '../endpoint.ts';
import { dbId } from '../params.ts';
import { emailText, keyText, singleLineText } from '../wire-rules.ts';
import { appointment } from './appointments.ts';
import { plainQuery } from './common.ts';

/** The account part of a session: id 0 for a session opened from a booking mail's link. */
const sessionAccount = z.looseObject({
  id: z.number().int(),
  email: z.string().nullable(),
  /** The appointment a cancel link was opened for, else 0. */
  cancel_apt: z.union([z.number(), z.string()]).nullable(),
  export_apt: z.union([z.number(), z.string()]).nullable(),
});

export const currentSession = z.object({
  logged: z.boolean(),
  type: z.enum(['user', 'pro']).nullable(),
  lastSignedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  account: sessionAccount.nullable(),
  pro: z.object({ id: z.number().int(), email: z.string(), name: z.string().nullable() }).nullable(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), urlname: z.string() })),
  fiche_token: z.string().nullable(),
  pro_token: z.string().nullable(),
  sso_logged: z.boolean(),
  needPasswordChange: z.boolean(),
  pendingRdv: z.unknown(),
});

export const getCurrentSession = endpoint({
  method: 'GET',
  path: '/api/v3/sessions/current.json',
  summary: 'The current session',
  tags: ['sessions'],
  querystring: plainQuery,
  answers: { 200: currentSession },
});

export const loginAnswer = z.object({
  type: z.enum(['user', 'pro']),
  account: sessionAccount.extend({ needPasswordChange: z.boolean() }),
  account_token: z.string().optional(),
  pro_token: z.string().optional(),
  fiche_token: z.string().optional(),
  groups: z.array(z.number().int()).optional(),
  needPasswordChange: z.boolean(),
  emailChanged: z.boolean().optional(),
  pendingRdv: z.record(z.string(), z.unknown()).nullable(),
  lastSignedAt: z.string(),
  /** The person's upcoming appointments in the group the login was made from. */
  fiche: z.object({ appointments: z.array(appointment) }).optional(),
});

export const login = endpoint({
  method: 'POST',
  path: '/api/v3/sessions/login.json',
  summary: 'Log in with e-mail and password, or with a fiche key from an e-mail link',
  tags: ['sessions'],
  querystring: plainQuery,
  body: z.object({
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
  }),
  answers: { 200: loginAnswer },
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/v3/sessions/logout.json',
  summary: 'End the session',
  tags: ['sessions'],
  querystring: plainQuery,
  answers: { 200: z.object({ logged: z.literal(false), sso_logout: z.boolean() }) },
});

export type CurrentSession = z.output<typeof currentSession>;
export type LoginAnswer = z.output<typeof loginAnswer>;
export type LoggedOut = AnswerOf<typeof logout>;
