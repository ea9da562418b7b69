/**
 * The waiting list (docs/waitlist.md): joining it for a service and a range of dates, or to bring an
 * existing appointment forward; leaving it from a mail's link; reading and confirming an offer.
 */
import { LOCALES } from '@creneau/core/locales';
import { z } from 'zod';
import { type AnswerOf, endpoint } from '../endpoint.ts';
import { commonQuery, dbId } from '../params.ts';
import { emailText, keyText, singleLineText } from '../wire-rules.ts';

/** A local date in the group's zone. */
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** A mail link's token: URL-safe base64 (offers) or id and signature (leave). */
const linkToken = keyText(200).pipe(z.string().regex(/^[A-Za-z0-9_.-]{10,200}$/, 'must be a link token'));

export const joinWaitlist = endpoint({
  method: 'POST',
  path: '/api/v3/groups/:id/waitlist',
  summary: 'Join the waiting list of a service for a range of dates',
  description:
    'Without appointment_id: a new booking of the service, on the calendar when given. With appointment_id ' +
    '(the caller must be able to change it): offers move that appointment to an earlier time. Dates are local ' +
    'to the group, from today to a year ahead.',
  tags: ['waitlist'],
  params: z.object({ id: dbId }),
  querystring: z.object(commonQuery),
  body: z.object({
    intervention_id: dbId.optional(),
    calendar_id: dbId.optional(),
    appointment_id: dbId.optional(),
    from: localDate,
    to: localDate,
    email: emailText,
    firstname: singleLineText(100, 1),
    lastname: singleLineText(100, 1),
    /** Where the group's records need a phone number: the booking an offer makes carries it. */
    phone: singleLineText(30).optional(),
    locale: z.enum(LOCALES),
  }),
  answers: { 201: z.object({ id: z.number().int(), status: z.literal('open') }) },
});

export const leaveWaitlist = endpoint({
  method: 'POST',
  path: '/api/v3/waitlist/leave',
  summary: 'Leave the waiting list with the link of one of its mails',
  tags: ['waitlist'],
  querystring: z.object(commonQuery),
  body: z.object({ token: linkToken }),
  answers: { 200: z.object({ status: z.enum(['left', 'booked', 'closed']) }) },
});

export const offerDetails = z.object({
  group_id: z.number().int(),
  /** ISO 8601 with the group's UTC offset. */
  start: z.string(),
  end: z.string(),
  time_zone: z.string(),
  service: z.string(),
  calendar: z.string().nullable(),
  expires_at: z.string(),
  /** The appointment the offer moves, when the entry is tied to one: its current start. */
  moves_from: z.string().nullable(),
  status: z.enum(['open', 'expired', 'taken', 'accepted']),
});

export const readOffer = endpoint({
  method: 'POST',
  path: '/api/v3/waitlist/offer',
  summary: 'What an offer mailed from the waiting list holds, and whether it can still be taken',
  tags: ['waitlist'],
  querystring: z.object(commonQuery),
  body: z.object({ token: linkToken }),
  answers: { 200: offerDetails },
});

export const confirmOffer = endpoint({
  method: 'POST',
  path: '/api/v3/waitlist/offer/confirm',
  summary: 'Book (or move to) the offered time in one step',
  description:
    'The booking goes through the usual checks and locks: when the time was just taken, 409 waitlistSlotTaken ' +
    'and the entry stays open; an expired offer is 409 waitlistOfferExpired.',
  tags: ['waitlist'],
  querystring: z.object(commonQuery),
  body: z.object({ token: linkToken }),
  answers: {
    200: z.object({
      appointment_id: z.number().int(),
      start: z.string(),
      moved: z.boolean(),
      /** A guest session for the new booking's fiche (its cancel and calendar buttons). */
      fiche_token: z.string().nullable(),
    }),
  },
});

export type OfferDetails = AnswerOf<typeof readOffer>;
export type ConfirmedOffer = AnswerOf<typeof confirmOffer>;
