/** Booking, listing, changing and cancelling appointments, and their calendar files. */
import { z } from 'zod';
import { selectionFields } from '../booking-selection.ts';
import { type AnswerOf, endpoint, errorAnswer } from '../endpoint.ts';
import { commonQuery, dbId, localeParam } from '../params.ts';
import {
  BOOKING_YEARS,
  boundedInt,
  fieldMap,
  isBookingYear,
  keyText,
  multiLineText,
  singleLineText,
} from '../wire-rules.ts';
import { slot } from './availability.ts';
import { flag, plainQuery } from './common.ts';

/** A slot start: ISO 8601 with offset (as the slot list answers), or local "YYYY-MM-DD hh:mm:ss". */
export const slotDate = z
  .string()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?$/,
    'must be a date-time such as 2026-11-23T09:15:00+01:00',
  )
  .refine(
    isBookingYear,
    `must be a date-time between the years ${BOOKING_YEARS.min} and ${BOOKING_YEARS.max}`,
  );

/** The group's appointment form (vevent): its fields by name, bounded like a record's. */
const veventFields = fieldMap(100, 20_000);

const bookingFields = {
  date: slotDate,
  /** An existing record's id, or the fields of a new one. */
  fiche: z.union([dbId, fieldMap(100, 20_000)]),
  group_id: dbId,
  from_web: flag.optional(),
  comments: multiLineText(2000).optional(),
  websource: singleLineText(255).optional(),
  promotions: flag.optional(),
  /** The group's appointment form fields. */
  vevent: veventFields.optional(),
  /** The language the customer booked in: their reminders are written in it (docs/reminders.md). */
  locale: localeParam,
  ...selectionFields,
};
const BOOKING_FIELDS = new Set(Object.keys(bookingFields));

/**
 * An appointment to take. Its form fields travel in `vevent`; older clients put them beside the
 * booking's own fields, and those are read as form fields too (docs/api.md "Appointments").
 */
export const appointmentToTake = z.looseObject(bookingFields).transform((appointment, ctx) => {
  const beside = Object.fromEntries(Object.entries(appointment).filter(([key]) => !BOOKING_FIELDS.has(key)));
  const checked = veventFields.safeParse(beside);
  if (!checked.success) {
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  const known = Object.fromEntries(Object.entries(appointment).filter(([key]) => BOOKING_FIELDS.has(key)));
  return { ...(known as typeof appointment), vevent: { ...checked.data, ...appointment.vevent } };
});

/** The calendar set's site, else the group's address with the group's coordinates. */
const place = z.object({
  address: z.string(),
  city: z.string(),
  zipcode: z.string(),
  country: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

/** An appointment as every answer shows it. */
export const appointment = z.object({
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
  status: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
  group_urlname: z.string(),
  fiche_id: z.number().int(),
  fiche: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }),
  intervention_id: z.number().int(),
  intervention_name: z.string(),
  intervention_length: z.number(),
  duration: z.number(),
  videoconference: z.boolean(),
  video_credentials: z.object({ room: z.string(), url: z.string() }).nullable(),
  type: z.enum(['free', 'first', 'included']),
  pack_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
  pack: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  consecutive_value: z.string().nullable(),
  /** Cents. */
  price: z.number().nullable(),
  price_amount: z.number().nullable(),
  intervention_price: z.number().nullable(),
  promotion: z.number().nullable(),
  is_promoted: z.boolean(),
  calendar_id: z.number().int(),
  calendar_name: z.string(),
  calendar: z.object({ id: z.number().int(), publicname: z.string() }),
  resource: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  interventions: z.array(
    z.object({
      apt_id: z.number().int(),
      intervention_id: z.number().int(),
      intervention_name: z.string(),
      calendar_id: z.number().int(),
      calendar_name: z.string(),
      start: z.string(),
    }),
  ),
  /** The same as comments, under the name older clients read. */
  vevent_comments: z.string().nullable(),
  comments: z.string().nullable(),
  vevent: z.record(z.string(), z.unknown()).nullable(),
  address: place.nullable(),
  location: z.string().nullable(),
  /** The group's time zone, in which the appointment is shown. */
  time_zone: z.string(),
  /** What an "add to Google Calendar" link carries. */
  google_calendar: z.object({
    title: z.string(),
    start: z.string(),
    end: z.string(),
    description: z.string(),
    location: z.string(),
    timeZone: z.string(),
  }),
  created_at: z.string(),
});

const booked = z.object({
  records: z.array(appointment),
  fiche_token: z.string().nullable(),
  consecutive_location: z.string().nullable(),
  summary: z.object({
    subtotalCents: z.number().nullable(),
    discountCents: z.number(),
    totalCents: z.number().nullable(),
  }),
  fiche: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }),
});

/**
 * A 409 of a booking or a change. When the start was just taken (`availabletimeslots`), `next_slots`
 * offers the next free starts of the same selection, from the refused one on, in the slot list's
 * form — empty when none is left within the horizon (docs/booking.md "When the time was just taken").
 */
export const bookingConflict = z.looseObject({
  ...errorAnswer.shape,
  next_slots: z.array(slot).optional(),
});

const SLOT_TAKEN_NOTE =
  ' A start that is no longer free answers `409 v3_error.appointment.availabletimeslots` with `next_slots`: ' +
  'the next free starts of the same choices, as the slot list gives them (at most 6).';

export const takeAppointment = endpoint({
  method: 'POST',
  path: '/api/v3/appointments',
  summary: 'Take an appointment (one transaction, re-checked against live availability)',
  description:
    'Send an `Idempotency-Key` header to make retries safe: the same key with the same body answers the first result.' +
    SLOT_TAKEN_NOTE,
  tags: ['appointments'],
  querystring: plainQuery,
  headers: z.looseObject({ 'idempotency-key': keyText(200).min(1).optional() }),
  body: z.object({ appointment: appointmentToTake, with_token: flag.optional() }),
  answers: { 201: booked },
  errorAnswers: { 409: bookingConflict },
});

export const changeAppointment = endpoint({
  method: 'PUT',
  path: '/api/v3/appointments/:id',
  summary: 'Change an appointment: new slot, fiche or comments',
  description: `If the new start does not fit, nothing changes.${SLOT_TAKEN_NOTE}`,
  tags: ['appointments'],
  params: z.object({ id: dbId }),
  querystring: z.object({ ...commonQuery, group_id: dbId }),
  body: z.object({
    group_id: dbId.optional(),
    appointment: z.object({
      date: slotDate.optional(),
      fiche: z.union([dbId, z.object({ id: dbId })]).optional(),
      group_id: dbId.optional(),
      comments: multiLineText(2000).optional(),
      calendar_id: dbId.optional(),
      resource_id: dbId.optional(),
    }),
  }),
  answers: { 200: z.object({ records: z.array(appointment) }) },
  errorAnswers: { 409: bookingConflict },
});

export const checkEditable = endpoint({
  method: 'GET',
  path: '/api/v3/appointments/:id/editable',
  summary: 'Whether an appointment may still be changed',
  tags: ['appointments'],
  params: z.object({ id: dbId }),
  querystring: z.object({ ...commonQuery, group_id: dbId }),
  answers: {
    200: z.object({
      editable: z.literal(true),
      appointment: appointment.nullable(),
      booking: z.array(appointment),
    }),
  },
});

export const listAppointments = endpoint({
  method: 'GET',
  path: '/api/v3/appointments',
  summary: "The customer's appointments: future ascending, then past descending (one year back)",
  tags: ['appointments'],
  querystring: z.object({
    ...commonQuery,
    group_id: dbId,
    include_past: flag.optional(),
    limit_past: boundedInt(0, 100).optional(),
    locale: localeParam,
  }),
  answers: { 200: z.array(appointment) },
});

export const cancelAppointments = endpoint({
  method: 'POST',
  path: '/api/v3/groups/:id/appointments/batch_delete',
  summary: 'Cancel appointments (a pack goes as a whole)',
  tags: ['appointments'],
  params: z.object({ id: dbId }),
  querystring: plainQuery,
  body: z.object({
    appointments: z
      .array(z.object({ id: dbId }))
      .min(1)
      .max(50),
  }),
  answers: { 200: z.object({ records: z.array(appointment), message: z.literal('appointmentCanceled') }) },
});

export const appointmentCalendarFile = endpoint({
  method: 'GET',
  path: '/api/v3/groups/:id/appointments/:aptId.ics',
  summary: 'The booking as an iCalendar file',
  tags: ['appointments'],
  params: z.object({ id: dbId, aptId: dbId }),
  querystring: plainQuery,
  /** text/calendar, not JSON. */
  answers: { 200: z.string().describe('an iCalendar (RFC 5545) file') },
});

export type Appointment = z.output<typeof appointment>;
export type AppointmentTaken = AnswerOf<typeof takeAppointment>;
export type AppointmentChanged = AnswerOf<typeof changeAppointment>;
export type AppointmentEditable = AnswerOf<typeof checkEditable>;
export type BookingConflict = z.output<typeof bookingConflict>;
export type AppointmentsCanceled = AnswerOf<typeof cancelAppointments>;
/** The booking body as the client sends it. */
export type AppointmentToTake = z.input<typeof appointmentToTake>;
