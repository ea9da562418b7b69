import { selectionFields, toSelection } from '@creneau/contract/booking-selection';
import { commonQuery, dbId, localeParam } from '@creneau/contract/params';
import {
  BOOKING_YEARS,
  boundedInt,
  fieldMap,
  isBookingYear,
  keyText,
  multiLineText,
  singleLineText,
} from '@creneau/contract/wire-rules';
import { zoneOffsets } from '@creneau/core/time/zone-offsets';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { GroupRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { loadActiveGroup } from '../groups/groups.service.ts';
import { checkEditable, exportCalendar, listAppointments } from './appointments-read.service.ts';
import { cancelAppointments } from './cancellation.service.ts';
import { changeBooking } from './change.service.ts';
import { takeAppointment } from './take-appointment.service.ts';

const query = z.object({ ...commonQuery });
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A slot start: ISO 8601 with offset (as availabletimeslots answers), or local "YYYY-MM-DD hh:mm:ss". */
const slotDate = z
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

function instantOf(value: string, group: GroupRow): Date {
  const bad = () => errors.badRequest('Invalid body parameter "appointment.date": not a real date-time');
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [hour, minute] = value.slice(11, 16).split(':').map(Number) as [number, number];
  const civil = Date.UTC(year, month - 1, day);
  if (new Date(civil).getUTCDate() !== day || month < 1 || month > 12 || hour > 23 || minute > 59)
    throw bad();
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw bad();
    return date;
  }
  // A wall-clock time of the group; when it happens twice (autumn), the first one.
  const zone = zoneOffsets(group.settings.timezone);
  return new Date(zone.firstInstantAtOrAfter(civil / 60_000 + hour * 60 + minute) * 60_000);
}

const KNOWN_FIELDS = new Set([
  'date',
  'fiche',
  'group_id',
  'from_web',
  'comments',
  'websource',
  'calendar_id',
  'calendar_ids',
  'resource_id',
  'intervention_ids',
  'appointments',
  'promotions',
]);

const ficheField = z.union([dbId, fieldMap(100, 20_000)]);
// The group's appointment form (vevent) fields travel beside the known ones; same envelope rules.
const veventExtras = fieldMap(100, 20_000);

const appointmentBody = z
  .object({
    date: slotDate,
    fiche: ficheField,
    group_id: dbId,
    from_web: flag.optional(),
    comments: multiLineText(2000).optional(),
    websource: singleLineText(255).optional(),
    promotions: flag.optional(),
    ...selectionFields,
  })
  .catchall(z.unknown())
  .superRefine((value, ctx) => {
    const extras = veventExtras.safeParse(veventFields(value));
    for (const issue of extras.success ? [] : extras.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as (string | number)[] });
  });

function veventFields(appointment: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(appointment).filter(([key]) => !KNOWN_FIELDS.has(key)));
}

export function registerAppointmentRoutes(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/api/v3/appointments',
    {
      schema: {
        summary: 'Take an appointment (one transaction, re-checked against live availability)',
        description:
          'Send an `Idempotency-Key` header to make retries safe: the same key with the same body answers the first result.',
        tags: ['appointments'],
        querystring: query,
        headers: z.object({ 'idempotency-key': keyText(200).min(1).optional() }).passthrough(),
        body: z.object({ appointment: appointmentBody, with_token: flag.optional() }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const group = await loadActiveGroup(ctx, body.appointment.group_id);
      const key = request.headers['idempotency-key'];
      const result = await takeAppointment(ctx, {
        group,
        viewer: await ctx.resolveViewer(request),
        clientAddress: request.ip,
        booking: {
          start: instantOf(body.appointment.date, group),
          fiche: body.appointment.fiche,
          comments: body.appointment.comments,
          websource: body.appointment.websource,
          vevent: veventFields(body.appointment),
          selection: toSelection(body.appointment),
          withToken: body.with_token ?? false,
        },
        idempotency: key ? { key, request: body } : undefined,
        startField: 'body parameter "appointment.date"',
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      reply.status(result.status);
      return result.response;
    },
  );

  app.put(
    '/api/v3/appointments/:id',
    {
      schema: {
        summary: 'Change an appointment: new slot, fiche or comments',
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
      },
    },
    async (request) => {
      const group = await loadActiveGroup(ctx, request.query.group_id);
      const viewer = await ctx.resolveViewer(request);
      const a = request.body.appointment;
      return changeBooking(ctx, group, viewer, request.params.id, {
        start: a.date ? instantOf(a.date, group) : undefined,
        startField: 'body parameter "appointment.date"',
        clientAddress: request.ip,
        fiche: typeof a.fiche === 'object' ? a.fiche.id : a.fiche,
        comments: a.comments,
        calendarId: a.calendar_id,
        resourceId: a.resource_id,
      });
    },
  );

  app.get(
    '/api/v3/appointments/:id/editable',
    {
      schema: {
        summary: 'Whether an appointment may still be changed',
        tags: ['appointments'],
        params: z.object({ id: dbId }),
        querystring: z.object({ ...commonQuery, group_id: dbId }),
      },
    },
    async (request) => {
      const group = await loadActiveGroup(ctx, request.query.group_id);
      return checkEditable(ctx, group, await ctx.resolveViewer(request), request.params.id);
    },
  );

  app.get(
    '/api/v3/appointments',
    {
      schema: {
        summary: "The customer's appointments: future ascending, then past descending (one year back)",
        tags: ['appointments'],
        querystring: z.object({
          ...commonQuery,
          group_id: dbId,
          include_past: flag.optional(),
          limit_past: boundedInt(0, 100).optional(),
          locale: localeParam,
        }),
      },
    },
    async (request) => {
      const group = await loadActiveGroup(ctx, request.query.group_id);
      return listAppointments(ctx, group, await ctx.resolveViewer(request), {
        groupId: group.id,
        includePast: request.query.include_past ?? false,
        limitPast: request.query.limit_past ?? 12,
        locale: request.query.locale,
      });
    },
  );

  app.post(
    '/api/v3/groups/:id/appointments/batch_delete',
    {
      schema: {
        summary: 'Cancel appointments (a pack goes as a whole)',
        tags: ['appointments'],
        params: z.object({ id: dbId }),
        querystring: query,
        body: z.object({
          appointments: z
            .array(z.object({ id: dbId }))
            .min(1)
            .max(50),
        }),
      },
    },
    async (request) => {
      const group = await loadActiveGroup(ctx, request.params.id);
      const viewer = await ctx.resolveViewer(request);
      return cancelAppointments(
        ctx,
        group,
        viewer,
        request.body.appointments.map((a) => a.id),
      );
    },
  );

  app.get(
    '/api/v3/groups/:id/appointments/:aptId.ics',
    {
      schema: {
        summary: 'The booking as an iCalendar file',
        tags: ['appointments'],
        params: z.object({ id: dbId, aptId: dbId }),
        querystring: query,
      },
    },
    async (request, reply) => {
      const group = await loadActiveGroup(ctx, request.params.id);
      const text = await exportCalendar(ctx, group, await ctx.resolveViewer(request), request.params.aptId);
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="appointment-${request.params.aptId}.ics"`);
      return text;
    },
  );
}
