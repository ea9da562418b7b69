/**
 * Creating a business, by its future owner (sign-up) or by a platform administrator, and the
 * platform's list of groups (docs/back-office.md "Sign-up and platform";
 * docs/decisions/014-platform-administrators.md). The schemas only keep hostile bytes and absurd
 * sizes out (400); the business rules — a url name free and allowed, a zone that exists, hours that
 * make sense — are the server's, answered as `422` with `problems` per field.
 */
import { z } from 'zod';
import { endpoint, records } from '../endpoint.ts';
import { dbId } from '../params.ts';
import { boundedInt, emailText, singleLineText } from '../wire-rules.ts';
import { plainQuery } from './common.ts';

/** Generous bounds: a field past its real limit gets a 422 on that field, not a 400 for the body. */
const field = singleLineText(500);

export const WEEKDAY_NUMBERS = [1, 2, 3, 4, 5, 6, 7] as const;

/** One range of opening hours on one day of the week (1 Monday … 7 Sunday), wall-clock HH:MM. */
export const openingRange = z.object({
  weekday: boundedInt(1, 7),
  from: singleLineText(5),
  to: singleLineText(5),
});

/** What a new business needs to take bookings: who it is, where, when, and one service. */
export const newBusiness = z.object({
  name: field,
  urlname: field,
  phone: singleLineText(40).optional(),
  address: z.object({ street: field, zipcode: field, city: field, country: field }),
  /** IANA zone; may be left out when the country has only one. */
  timezone: singleLineText(100).optional(),
  language: singleLineText(10),
  service: z.object({
    name: field,
    duration: boundedInt(0, 100_000),
    /** In the currency's minor unit (cents); none: no price shown. */
    price: boundedInt(0, 100_000_000).nullable().optional(),
  }),
  hours: z.array(openingRange).max(100),
});

const password = singleLineText(1024, 1);

export const signup = endpoint({
  method: 'POST',
  path: '/api/v3/signup',
  summary: 'Creates a business and its owner, and logs the owner in',
  description:
    'Without a session, `owner` names the new account (the usual password rules). With a work session, that account becomes the owner and `owner` is left out. Refused with `403 signupClosed` when the deployment does not take sign-ups (`OPEN_SIGNUP=false`); a taken url name answers `409 urlnameTaken`.',
  tags: ['platform'],
  querystring: plainQuery,
  body: z.object({
    owner: z.object({ firstname: field, lastname: field, email: emailText, password }).optional(),
    business: newBusiness,
  }),
  answers: {
    201: z.object({
      group: z.object({ id: z.number().int(), urlname: z.string() }),
      account_token: z.string(),
    }),
  },
});

export const platformGroup = z.object({
  id: z.number().int(),
  urlname: z.string(),
  name: z.string(),
  active: z.boolean(),
  created: z.string(),
  /** The group's time zone (IANA), in which its dates are shown. */
  time_zone: z.string(),
  appointments: z.number().int(),
});

export const listPlatformGroups = endpoint({
  method: 'GET',
  path: '/api/v3/platform/groups',
  summary: 'Every group, newest first (platform administrators only)',
  tags: ['platform'],
  querystring: plainQuery,
  answers: { 200: records(platformGroup) },
});

export const createPlatformGroup = endpoint({
  method: 'POST',
  path: '/api/v3/platform/groups',
  summary: 'Creates a business and invites its owner by e-mail (platform administrators only)',
  tags: ['platform'],
  querystring: plainQuery,
  body: z.object({ business: newBusiness, owner_email: emailText }),
  answers: {
    201: z.object({
      group: z.object({ id: z.number().int(), urlname: z.string() }),
      invitation: z.object({ id: z.number().int(), email: z.string(), expires_at: z.string() }),
    }),
  },
});

export const setGroupActive = endpoint({
  method: 'PUT',
  path: '/api/v3/platform/groups/:id/active',
  summary: 'Closes or reopens a group (platform administrators only)',
  description:
    'A closed group’s booking page shows the inactive notice; the change is kept as a configuration version.',
  tags: ['platform'],
  params: z.object({ id: dbId }),
  querystring: plainQuery,
  body: z.object({ active: z.boolean() }),
  answers: { 200: z.object({ id: z.number().int(), active: z.boolean(), version: z.number().int() }) },
});
