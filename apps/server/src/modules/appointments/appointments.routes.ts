import { toSelection } from '@creneau/contract/booking-selection';
import * as contract from '@creneau/contract/endpoints/appointments';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { checkEditable, exportCalendar, listAppointments } from './appointments-read.service.ts';
import { cancelAppointments } from './cancellation.service.ts';
import { changeBooking } from './change.service.ts';
import { instantOf } from './slot-instant.ts';
import { offeringNextSlots } from './slot-taken.ts';
import { takeAppointment } from './take-appointment.service.ts';

export function registerAppointmentRoutes(app: ZodApp, _ctx: AppContext): void {
  app.post(
    contract.takeAppointment.path,
    { schema: schemaOf(contract.takeAppointment) },
    async (request, reply) => {
      const body = request.body;
      const scope = await scopeOf(request, body.appointment.group_id);
      const key = request.headers['idempotency-key'];
      const result = await offeringNextSlots(
        scope,
        () =>
          takeAppointment(scope, {
            clientAddress: request.ip,
            booking: {
              start: instantOf(body.appointment.date, scope.group),
              fiche: body.appointment.fiche,
              comments: body.appointment.comments,
              websource: body.appointment.websource,
              locale: body.appointment.locale,
              vevent: body.appointment.vevent,
              selection: toSelection(body.appointment),
              withToken: body.with_token ?? false,
            },
            idempotency: key ? { key, request: body } : undefined,
            startField: 'body parameter "appointment.date"',
          }),
        request.log,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      reply.status(result.status);
      return result.response;
    },
  );

  app.put(
    contract.changeAppointment.path,
    { schema: schemaOf(contract.changeAppointment) },
    async (request) => {
      const scope = await scopeOf(request, request.query.group_id);
      const a = request.body.appointment;
      return offeringNextSlots(
        scope,
        () =>
          changeBooking(scope, request.params.id, {
            start: a.date ? instantOf(a.date, scope.group) : undefined,
            startField: 'body parameter "appointment.date"',
            clientAddress: request.ip,
            fiche: typeof a.fiche === 'object' ? a.fiche.id : a.fiche,
            comments: a.comments,
            calendarId: a.calendar_id,
            resourceId: a.resource_id,
          }),
        request.log,
      );
    },
  );

  app.get(contract.checkEditable.path, { schema: schemaOf(contract.checkEditable) }, async (request) => {
    return checkEditable(await scopeOf(request, request.query.group_id), request.params.id);
  });

  app.get(
    contract.listAppointments.path,
    { schema: schemaOf(contract.listAppointments) },
    async (request) => {
      const scope = await scopeOf(request, request.query.group_id);
      return listAppointments(scope, {
        groupId: scope.group.id,
        includePast: request.query.include_past ?? false,
        limitPast: request.query.limit_past ?? 12,
        locale: request.query.locale,
      });
    },
  );

  app.post(
    contract.cancelAppointments.path,
    { schema: schemaOf(contract.cancelAppointments) },
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      return cancelAppointments(
        scope,
        request.body.appointments.map((a) => a.id),
      );
    },
  );

  app.get(
    contract.appointmentCalendarFile.path,
    { schema: schemaOf(contract.appointmentCalendarFile) },
    async (request, reply) => {
      const text = await exportCalendar(await scopeOf(request, request.params.id), request.params.aptId);
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="appointment-${request.params.aptId}.ics"`);
      return text;
    },
  );
}
