/**
 * The back office (docs/back-office.md): what a member of a group's staff sees and does. Every call
 * is about one group, and the server checks the caller's role in that group on each one.
 */

import { countOccurrences, type Repetition } from '@creneau/core/time/recurrence';
import { z } from 'zod';
import { endpoint, records } from '../endpoint.ts';
import { commonQuery, dbId, idList } from '../params.ts';
import { boundedInt, emailText, isBookingYear, multiLineText, singleLineText } from '../wire-rules.ts';
import { slotDate } from './appointments.ts';
import { plainQuery } from './common.ts';

export const STAFF_ROLES = ['owner', 'manager', 'staff', 'callcentre'] as const;
export const staffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.output<typeof staffRole>;

/** The longest agenda one call answers: a week, and a fortnight for printing or paging ahead. */
export const MAX_AGENDA_DAYS = 14;
/** A private note: a few paragraphs. */
export const MAX_STAFF_NOTE = 2000;

const groupParams = z.object({ id: dbId });

/** A calendar date, YYYY-MM-DD, in the group's time zone. */
const civilDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((text) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return isBookingYear(text.slice(0, 4)) && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'must be a real date');

/** What the caller may do in the group: the back office shows only that. */
export const membership = z.object({
  group_id: z.number().int(),
  role: staffRole,
  /** Null: every calendar of the group. */
  calendar_ids: z.array(z.number().int()).nullable(),
  rights: z.array(z.string()),
});

export const getMembership = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/membership',
  summary: "The caller's role and calendars in the group",
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  answers: { 200: membership },
});

export const agendaCalendar = z.object({
  id: z.number().int(),
  name: z.string(),
  resource: z.boolean(),
  capacity: z.number().int(),
});

export const agendaAppointment = z.object({
  id: z.number().int(),
  calendar_id: z.number().int(),
  resource_id: z.number().int().nullable(),
  /** Instants (UTC, ISO 8601); the local times are in the group's zone below. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** Wall-clock times in the group's zone, YYYY-MM-DDTHH:MM. */
  starts_local: z.string(),
  ends_local: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  attendance: z.enum(['arrived', 'no_show']).nullable(),
  intervention_id: z.number().int(),
  intervention_name: z.string(),
  /** The booking it belongs to: the pack's first appointment, or the first of consecutive ones. */
  pack_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
  customer: z.object({
    fiche_id: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  comments: z.string().nullable(),
  staff_note: z.string().nullable(),
  price_amount: z.number().nullable(),
  booked_by_staff: z.boolean(),
});

export const agendaBlock = z.object({
  id: z.number().int(),
  calendar_id: z.number().int(),
  kind: z.enum(['closure', 'absence', 'opening']),
  starts_local: z.string(),
  ends_local: z.string(),
  label: z.string().nullable(),
});

export const agenda = z.object({
  time_zone: z.string(),
  from: z.string(),
  /** The day after the last one shown. */
  to: z.string(),
  calendars: z.array(agendaCalendar),
  appointments: z.array(agendaAppointment),
  blocks: z.array(agendaBlock),
});

export const getAgenda = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/agenda',
  summary: 'The agenda: appointments, closures and absences of some days, per calendar',
  description:
    "Days are dates in the group's time zone. Staff members see the calendars they work on; `calendar_ids` narrows further.",
  tags: ['back office'],
  params: groupParams,
  querystring: z.object({
    ...commonQuery,
    from: civilDate,
    days: boundedInt(1, MAX_AGENDA_DAYS).default(1),
    calendar_ids: idList.optional(),
  }),
  answers: { 200: agenda },
});

const appointmentParams = z.object({ id: dbId, aptId: dbId });

export const markAttendance = endpoint({
  method: 'PUT',
  path: '/api/v3/admin/groups/:id/appointments/:aptId/attendance',
  summary: 'Marks a customer as arrived or absent (null clears the mark)',
  tags: ['back office'],
  params: appointmentParams,
  querystring: plainQuery,
  body: z.object({ attendance: z.enum(['arrived', 'no_show']).nullable() }),
  answers: { 200: agendaAppointment },
});

export const writeStaffNote = endpoint({
  method: 'PUT',
  path: '/api/v3/admin/groups/:id/appointments/:aptId/note',
  summary: "The business's private note on an appointment (never shown to the customer)",
  tags: ['back office'],
  params: appointmentParams,
  querystring: plainQuery,
  body: z.object({ note: multiLineText(MAX_STAFF_NOTE).nullable() }),
  answers: { 200: agendaAppointment },
});

export const staffMember = z.object({
  account_id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: staffRole,
  calendar_ids: z.array(z.number().int()).nullable(),
});

export const listStaff = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/staff',
  summary: "The group's staff and their roles",
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  answers: { 200: records(staffMember) },
});

export const updateStaffMember = endpoint({
  method: 'PUT',
  path: '/api/v3/admin/groups/:id/staff/:accountId',
  summary: "Changes a member's role and calendars (owners only)",
  tags: ['back office'],
  params: z.object({ id: dbId, accountId: dbId }),
  querystring: plainQuery,
  body: z.object({
    role: staffRole,
    /** Null: every calendar. Only staff members are limited to calendars. */
    calendar_ids: z.array(dbId).max(500).nullable(),
  }),
  answers: { 200: staffMember },
});

/** How long an invitation's link works: a week, time enough to read one's mail after a holiday. */
export const INVITATION_DAYS = 7;

/** A pending invitation to the staff, as its group's owners see it. */
export const staffInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: staffRole,
  /** Null: every calendar. Only staff members are limited to calendars. */
  calendar_ids: z.array(z.number().int()).nullable(),
  /** The name (or e-mail address) of whoever sent it. */
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});

export const inviteStaff = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/invitations',
  summary: 'Invites someone to the staff by e-mail (owners only)',
  description:
    'Mails a link that works for seven days. A new invitation to the same address replaces the pending one; an address that is already a member is refused (`alreadyMember`).',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  body: z.object({
    email: emailText,
    role: staffRole,
    calendar_ids: z.array(dbId).max(500).nullable(),
  }),
  answers: { 201: staffInvitation },
});

export const listInvitations = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/invitations',
  summary: 'The pending invitations to the staff (owners only)',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  answers: { 200: records(staffInvitation) },
});

export const revokeInvitation = endpoint({
  method: 'DELETE',
  path: '/api/v3/admin/groups/:id/invitations/:invitationId',
  summary: 'Withdraws a pending invitation: its link stops working (owners only)',
  tags: ['back office'],
  params: z.object({ id: dbId, invitationId: dbId }),
  querystring: plainQuery,
  answers: { 200: z.object({ id: z.number().int(), revoked: z.literal(true) }) },
});

/** The key of an invitation's link; sent in a body, never in an address that logs keep. */
const invitationKey = singleLineText(200, 1);

export const invitationDetails = z.object({
  group: z.object({ id: z.number().int(), name: z.string(), urlname: z.string() }),
  email: z.string(),
  role: staffRole,
  /**
   * What the address already has: `none` (the person chooses a name and a password), `pro` (they
   * log in with that address to join) or `customer` (a customer account: a work account needs
   * another address).
   */
  account: z.enum(['none', 'pro', 'customer']),
  /** True when the caller is logged in with the invited address: accepting needs nothing more. */
  signed_in: z.boolean(),
});

export const readInvitation = endpoint({
  method: 'POST',
  path: '/api/v3/invitations/lookup',
  summary: 'What an invitation link offers, before it is accepted',
  tags: ['back office'],
  querystring: plainQuery,
  body: z.object({ key: invitationKey }),
  answers: { 200: invitationDetails },
});

export const acceptInvitation = endpoint({
  method: 'POST',
  path: '/api/v3/invitations/accept',
  summary: 'Joins the staff through an invitation link',
  description:
    'Logged in with the invited address: joins. No account with that address yet: `name` and `password` make one (active at once, the mail proved the address) and open a session. A customer account with that address is refused (`customerAccount`).',
  tags: ['back office'],
  querystring: plainQuery,
  body: z.object({
    key: invitationKey,
    name: singleLineText(100, 1).optional(),
    password: singleLineText(1024, 1).optional(),
  }),
  answers: {
    200: z.object({
      group_id: z.number().int(),
      urlname: z.string(),
      role: staffRole,
      /** The new session's token, when the call made the account. */
      token: z.string().nullable(),
    }),
  },
});

/** A local wall-clock date-time in the group's zone, YYYY-MM-DDTHH:MM. */
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be a local date-time YYYY-MM-DDTHH:MM')
  .refine((text) => {
    // Runs even when the pattern failed: read nothing the pattern did not promise.
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(text);
    if (!match) return false;
    const [hours, minutes] = [Number(match[2]), Number(match[3])];
    return (
      civilDate.safeParse(match[1]).success && (hours < 24 || (hours === 24 && minutes === 0)) && minutes < 60
    );
  }, 'must be a real date and time');

/** The most occurrences one recurring absence creates (two years of weeks). */
export const MAX_ABSENCE_OCCURRENCES = 104;

/** How an absence repeats (docs/back-office.md "Absences and closures"). */
export const absenceRepetition = z
  .object({
    every: z.enum(['day', 'week', 'month']),
    /** Every N days, weeks or months. */
    interval: z.number().int().min(1).max(12).default(1),
    /** The last date an occurrence may start on (included). */
    until: civilDate,
    /** Weekly: ISO weekdays, 1 Monday … 7 Sunday; by default the weekday of `from`. */
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7).optional(),
    /** Monthly: the same day of the month (months without it skipped), or the same weekday of it. */
    month_by: z.enum(['day', 'weekday']).default('day'),
  })
  .strict();

export type AbsenceRepetition = z.output<typeof absenceRepetition>;

/** The repetition of a request: `repeat`, or the older `weekly_until` (every week until then). */
export function repetitionOf(body: {
  repeat?: AbsenceRepetition | undefined;
  weekly_until?: string | undefined;
}): Repetition | undefined {
  if (body.repeat)
    return {
      every: body.repeat.every,
      interval: body.repeat.interval,
      until: body.repeat.until,
      weekdays: body.repeat.weekdays,
      monthBy: body.repeat.month_by,
    };
  return body.weekly_until ? { every: 'week', interval: 1, until: body.weekly_until } : undefined;
}

export const createAbsence = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/absences',
  summary: 'Blocks time on some calendars or on the whole group, once or repeated',
  description:
    "Times are wall-clock times in the group's zone; `to` is excluded. The answer lists the confirmed appointments inside the new absence, for the staff to move or cancel.",
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  body: z
    .object({
      /** Null: every calendar and resource of the group (a closure). */
      calendar_ids: z.array(dbId).min(1).max(500).nullable(),
      kind: z.enum(['absence', 'closure']).default('absence'),
      from: localDateTime,
      to: localDateTime,
      label: z.string().trim().max(100).nullable().optional(),
      /** Repeats the same times every week until this date (included); `repeat` says more. */
      weekly_until: civilDate.optional(),
      repeat: absenceRepetition.optional(),
    })
    .refine((body) => body.from < body.to, { message: '"to" must come after "from"', path: ['to'] })
    .refine((body) => !(body.weekly_until && body.repeat), {
      message: 'give "repeat" or "weekly_until", not both',
      path: ['repeat'],
    })
    .refine(
      (body) => {
        const repetition = repetitionOf(body);
        return !repetition || repetition.until >= body.from.slice(0, 10);
      },
      { message: 'the repetition must not end before "from"', path: ['repeat'] },
    )
    .refine(
      (body) => {
        const repetition = repetitionOf(body);
        return (
          !repetition ||
          countOccurrences(body.from, repetition, MAX_ABSENCE_OCCURRENCES) <= MAX_ABSENCE_OCCURRENCES
        );
      },
      { message: `at most ${MAX_ABSENCE_OCCURRENCES} occurrences`, path: ['repeat'] },
    ),
  answers: {
    201: z.object({
      series: z.string().nullable(),
      blocks: z.array(agendaBlock),
      affected: z.array(agendaAppointment),
    }),
  },
});

/** The most absences one list answers; a longer list says so with `more`. */
export const MAX_LISTED_ABSENCES = 1000;

export const listedAbsence = agendaBlock.extend({
  kind: z.enum(['closure', 'absence']),
  /** The occurrences written by one request share it (weekly absences, holidays closed together). */
  series: z.string().nullable(),
});

export const listAbsences = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/absences',
  summary: 'The absences and closures not yet over, on the calendars the caller works on',
  description:
    "In the group's wall-clock time, from the earliest; with the calendars they may be put on and the group's date and time now.",
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  answers: {
    200: z.object({
      time_zone: z.string(),
      /** Now on the group's clock, YYYY-MM-DDTHH:MM. */
      now_local: z.string(),
      calendars: z.array(agendaCalendar),
      absences: z.array(listedAbsence),
      /** True when more than MAX_LISTED_ABSENCES were left out (the latest ones). */
      more: z.boolean(),
    }),
  },
});

export const deleteAbsence = endpoint({
  method: 'DELETE',
  path: '/api/v3/admin/groups/:id/absences/:absenceId',
  summary: 'Removes an absence (with `series=1`, every occurrence of its series)',
  tags: ['back office'],
  params: z.object({ id: dbId, absenceId: dbId }),
  querystring: z.object({ ...commonQuery, series: z.enum(['0', '1']).optional() }),
  answers: { 200: z.object({ deleted: z.number().int() }) },
});

/** The years whose public holidays can be closed: this one and the next two. */
export const HOLIDAY_YEARS_AHEAD = 2;

export const publicHoliday = z.object({
  /** The holiday, a date in the group's zone. */
  date: z.string(),
  /** Its name in the group's language. */
  name: z.string(),
  /** True when the whole group is already closed that whole day. */
  closed: z.boolean(),
});

export const listHolidays = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/holidays',
  summary: "The public holidays of the group's country in a year, and which are already closed",
  tags: ['back office'],
  params: groupParams,
  querystring: z.object({ ...commonQuery, year: boundedInt(2000, 2199) }),
  answers: {
    200: z.object({ country: z.string(), year: z.number().int(), holidays: z.array(publicHoliday) }),
  },
});

export const closeHolidays = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/holidays',
  summary: "Closes the whole group on public holidays of the group's country",
  description:
    'Every public holiday of `year` not yet closed, or only those of `dates`, becomes a whole-day closure of every calendar and resource, under one series (removed together with `series=1`). The answer lists the confirmed appointments on those days, for the staff to move or cancel.',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  body: z.object({
    year: z.number().int().min(2000).max(2199),
    dates: z.array(civilDate).min(1).max(40).optional(),
  }),
  answers: {
    201: z.object({
      series: z.string().nullable(),
      blocks: z.array(agendaBlock),
      affected: z.array(agendaAppointment),
    }),
  },
});

export const historyEntry = z.object({
  at: z.string(),
  actor: z.enum(['customer', 'staff']),
  /** The member of staff who acted, when it was one. */
  actor_name: z.string().nullable(),
  action: z.enum([
    'booked',
    'moved',
    'changed',
    'cancelled',
    'arrived',
    'no_show',
    'attendance_cleared',
    'note',
    'override',
  ]),
  details: z.record(z.string(), z.unknown()),
});

export const getAppointmentDetail = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/appointments/:aptId',
  summary: 'One appointment as the staff sees it, with its history',
  tags: ['back office'],
  params: appointmentParams,
  querystring: plainQuery,
  answers: {
    200: z.object({
      appointment: agendaAppointment,
      history: z.array(historyEntry),
      /** The booking form's answers (the group's `vevent` fields), in the form's order. */
      form_answers: z.array(
        z.object({
          name: z.string(),
          label: z.string(),
          value: z.union([z.string(), z.number(), z.boolean()]),
        }),
      ),
    }),
  },
});

export const moveAppointment = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/appointments/:aptId/move',
  summary: 'Moves a booking to another start, and optionally another calendar or service',
  description:
    'The same checks as a customer change (the place must be free, the calendar must perform the service), without the notice rule. Another service is for a booking of one appointment (`422 serviceChangeSingle` otherwise). The customer is told by mail.',
  tags: ['back office'],
  params: appointmentParams,
  querystring: plainQuery,
  body: z.object({ start: slotDate, calendar_id: dbId.optional(), intervention_id: dbId.optional() }),
  answers: { 200: agendaAppointment },
});

export const cancelByStaff = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/appointments/:aptId/cancel',
  summary: 'Cancels a booking (a pack as a whole), telling the customer or not',
  tags: ['back office'],
  params: appointmentParams,
  querystring: plainQuery,
  body: z.object({
    reason: multiLineText(500).optional(),
    notify_customer: z.boolean(),
  }),
  answers: { 200: agendaAppointment },
});

/** The longest reason an owner or a manager gives for booking past the rules. */
export const MAX_OVERRIDE_REASON = 300;

/** Who the booking is for: a customer the group already knows, or a new one (a walk-in, a call). */
export const walkInCustomer = z.union([
  z.object({ fiche_id: dbId }).strict(),
  z
    .object({
      firstname: singleLineText(100, 1),
      lastname: singleLineText(100, 1),
      email: z.string().trim().pipe(singleLineText(254)).optional(),
      phone: singleLineText(30).optional(),
    })
    .strict(),
]);

export const bookForCustomer = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/appointments',
  summary: 'Books for a customer from a free place in the agenda',
  description:
    'Through the same booking service and rules as the booking pages. An owner or a manager may give `override_reason` to book past the notice limits and the capacity; the reason is kept in the appointment history. The customer is mailed unless `notify_customer` is false.',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  body: z.object({
    calendar_id: dbId,
    intervention_id: dbId,
    start: slotDate,
    customer: walkInCustomer,
    comments: multiLineText(500).optional(),
    notify_customer: z.boolean().default(true),
    override_reason: singleLineText(MAX_OVERRIDE_REASON, 3).optional(),
  }),
  answers: { 201: agendaAppointment },
});

export const agendaEvents = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/events',
  summary: "The agenda's live changes (server-sent events)",
  description:
    'A text/event-stream: an `change` event with `{calendar_id, resource_id}` each time an appointment or an absence of a calendar the caller works on changes, wherever the change was made. The agenda then reads the days it shows again.',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  answers: { 200: z.string().describe('text/event-stream') },
});

export const customerSummary = z.object({
  fiche_id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  upcoming: z.number().int(),
  past: z.number().int(),
  no_shows: z.number().int(),
  last_visit: z.string().nullable(),
});

export const searchCustomers = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/customers',
  summary: "Finds the group's customers by name, e-mail or phone",
  tags: ['back office'],
  params: groupParams,
  querystring: z.object({ ...commonQuery, q: singleLineText(100) }),
  answers: { 200: records(customerSummary) },
});

const customerParams = z.object({ id: dbId, ficheId: dbId });

export const getCustomer = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/customers/:ficheId',
  summary: "A customer's record and appointments, upcoming first",
  tags: ['back office'],
  params: customerParams,
  querystring: plainQuery,
  answers: {
    200: z.object({
      customer: customerSummary,
      fields: z.record(z.string(), z.unknown()),
      upcoming: z.array(agendaAppointment),
      past: z.array(agendaAppointment),
    }),
  },
});

export const exportCustomer = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/customers/:ficheId/export',
  summary: 'Everything the group holds about a person, as one JSON file (right of access)',
  tags: ['back office'],
  params: customerParams,
  querystring: plainQuery,
  answers: { 200: z.looseObject({ exported_at: z.string(), records: z.array(z.unknown()) }) },
});

export const eraseCustomer = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/customers/:ficheId/erase',
  summary: "Erases a person's data on request (right to erasure), keeping what the accounts need",
  tags: ['back office'],
  params: customerParams,
  querystring: plainQuery,
  body: z.object({ confirm: z.literal(true) }),
  answers: { 200: z.object({ erased_records: z.number().int(), cancelled_appointments: z.number().int() }) },
});

export const businessNotifications = z.object({
  /** Up to five addresses at the business. */
  emails: z.array(z.string().trim().pipe(z.email().max(254))).max(5),
  events: z.array(z.enum(['created', 'changed', 'cancelled'])).max(3),
});

export const getNotifications = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/notifications',
  summary: 'Who at the business is mailed about bookings, and about which changes',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  answers: { 200: businessNotifications },
});

export const setNotifications = endpoint({
  method: 'PUT',
  path: '/api/v3/admin/groups/:id/notifications',
  summary: 'Chooses who at the business is mailed about bookings (owners only)',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  body: businessNotifications,
  answers: { 200: businessNotifications },
});

/** Private calendar subscriptions, in a file of their own (calendar-feeds.ts). */
export * from './calendar-feeds.ts';
/** The group's configuration and its versions, in a file of their own (configuration.ts). */
export * from './configuration.ts';
/** The group's uploaded images, in a file of their own (images.ts). */
export * from './images.ts';
/** Sign-up and the platform's own calls, in a file of their own (platform.ts). */
export * from './platform.ts';
/** The group's webhooks and its work that could not be done, in a file of their own (webhooks.ts). */
export * from './webhooks.ts';
