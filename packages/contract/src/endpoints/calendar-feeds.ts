/**
 * Private calendar subscriptions (docs/back-office.md "Calendar subscriptions"): a member of the
 * staff makes a secret address that their phone's calendar app polls, for one calendar or for
 * every calendar they work on. The address is answered once, when the feed is made: only a hash
 * of its secret is kept.
 */
import { z } from 'zod';
import { endpoint, records } from '../endpoint.ts';
import { dbId } from '../params.ts';
import { plainQuery } from './common.ts';

/** Feeds one member may hold in a group: enough for every calendar of a large team and some to spare. */
export const MAX_FEEDS_PER_MEMBER = 20;

export const calendarFeed = z.object({
  id: z.number().int(),
  /** Null: the appointments of every calendar the member works on ("my appointments"). */
  calendar_id: z.number().int().nullable(),
  calendar_name: z.string().nullable(),
  /** Who made it; the feed answers only while their membership allows it. */
  account_id: z.number().int(),
  owner_name: z.string(),
  /** Whether it is the caller's own feed. */
  mine: z.boolean(),
  created_at: z.string(),
  last_fetched_at: z.string().nullable(),
});

export const listCalendarFeeds = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/calendar-feeds',
  summary: "The caller's calendar subscriptions, and the group's others for owners and managers",
  tags: ['back office'],
  params: z.object({ id: dbId }),
  querystring: plainQuery,
  answers: { 200: records(calendarFeed) },
});

export const createCalendarFeed = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/calendar-feeds',
  summary: 'Makes a private subscription address for a calendar, or for the caller’s own appointments',
  description:
    'Answers the address once (`url`); only a hash of its secret is kept. `calendar_id` null: every calendar the caller works on. A staff member may subscribe only to their own calendars (`calendarNotFound` otherwise).',
  tags: ['back office'],
  params: z.object({ id: dbId }),
  querystring: plainQuery,
  body: z.object({ calendar_id: dbId.nullable() }),
  answers: { 201: calendarFeed.extend({ url: z.string() }) },
});

export const revokeCalendarFeed = endpoint({
  method: 'DELETE',
  path: '/api/v3/admin/groups/:id/calendar-feeds/:feedId',
  summary: 'Revokes a subscription: its address answers 404 from now on',
  tags: ['back office'],
  params: z.object({ id: dbId, feedId: dbId }),
  querystring: plainQuery,
  answers: { 200: z.object({ id: z.number().int(), revoked: z.literal(true) }) },
});

export const calendarFeedFile = endpoint({
  method: 'GET',
  path: '/api/v3/feeds/:token.ics',
  summary: 'A private calendar subscription, as an iCalendar (RFC 5545) file',
  description:
    'No session: the secret in the address is the credential. 30 days back to 180 days ahead, cancelled appointments included as `STATUS:CANCELLED`. An unknown or revoked address answers 404.',
  tags: ['back office'],
  // Any text: a malformed secret answers 404 like an unknown one, never a validation error.
  params: z.object({ token: z.string() }),
  querystring: z.looseObject({}),
  /** text/calendar, not JSON. */
  answers: { 200: z.string().describe('an iCalendar (RFC 5545) file') },
});
