import type { ServerResponse } from 'node:http';
import * as contract from '@creneau/contract/endpoints/backoffice';
import * as configuration from '@creneau/contract/endpoints/configuration';
import type { AgendaEvents } from '../../db/agenda-events.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { sendKeptAnswer } from '../../http/kept-answer-reply.ts';
import { scopeOf, viewerScopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { instantOf } from '../appointments/slot-instant.ts';
import { setSessionCookie } from '../sessions/session-cookie.ts';
import { createAbsence, deleteAbsence, listAbsences } from './absences.service.ts';
import { readAgendaAnswer } from './agenda.service.ts';
import type { AgendaCache } from './agenda-cache.ts';
import { openAgendaFeed } from './agenda-feed.service.ts';
import { cancelByStaff, moveAppointment, readAppointment } from './appointment-actions.service.ts';
import { markAppointment } from './appointment-marks.service.ts';
import {
  diffConfigurationVersions,
  listConfigurationVersions,
  readConfiguration,
  readConfigurationVersion,
  restoreConfigurationVersion,
  saveConfiguration,
} from './configuration.service.ts';
import { customerFile, eraseCustomer, exportCustomer, searchCustomers } from './customers.service.ts';
import { closeHolidays, listHolidays } from './holidays.service.ts';
import {
  acceptInvitation,
  inviteStaff,
  listInvitations,
  readInvitation,
  revokeInvitation,
} from './invitations.service.ts';
import { describeMembership } from './membership.service.ts';
import { readNotifications, setNotifications } from './notifications.service.ts';
import { listStaff, updateStaffMember } from './staff.service.ts';
import { bookFromAgenda } from './walk-in.service.ts';

/** A comment line every so often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

export function registerBackOfficeRoutes(
  app: ZodApp,
  { events, agendas }: { events: AgendaEvents; agendas: AgendaCache },
): void {
  const streams = new Set<ServerResponse>();
  // Open streams would hold a graceful shutdown forever: end them first (clients reconnect elsewhere).
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  app.get(contract.agendaEvents.path, { schema: schemaOf(contract.agendaEvents) }, async (request, reply) => {
    const scope = await scopeOf(request, request.params.id);
    const raw = reply.raw;
    const stop = await openAgendaFeed(scope, events, (change) => {
      raw.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
    });
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 2000\n: connected\n\n');
    streams.add(raw);
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    raw.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(raw);
      stop();
    });
  });

  app.get(contract.getMembership.path, { schema: schemaOf(contract.getMembership) }, async (request) =>
    describeMembership(await scopeOf(request, request.params.id)),
  );

  app.get(contract.getAgenda.path, { schema: schemaOf(contract.getAgenda) }, async (request, reply) => {
    const { from, days, calendar_ids } = request.query;
    const scope = await scopeOf(request, request.params.id);
    const answer = await readAgendaAnswer(scope, { from, days, calendarIds: calendar_ids }, agendas);
    return sendKeptAnswer(request, reply, agendas.answers, answer);
  });

  app.put(
    contract.markAttendance.path,
    { schema: schemaOf(contract.markAttendance) },
    async (request) =>
      await markAppointment(await scopeOf(request, request.params.id), request.params.aptId, {
        attendance: request.body.attendance,
      }),
  );

  app.put(
    contract.writeStaffNote.path,
    { schema: schemaOf(contract.writeStaffNote) },
    async (request) =>
      await markAppointment(await scopeOf(request, request.params.id), request.params.aptId, {
        staff_note: request.body.note?.trim() ? request.body.note : null,
      }),
  );

  app.get(contract.listStaff.path, { schema: schemaOf(contract.listStaff) }, async (request) => ({
    records: await listStaff(await scopeOf(request, request.params.id)),
  }));

  app.put(
    contract.updateStaffMember.path,
    { schema: schemaOf(contract.updateStaffMember) },
    async (request) =>
      updateStaffMember(await scopeOf(request, request.params.id), request.params.accountId, request.body),
  );

  app.get(
    configuration.getConfiguration.path,
    { schema: schemaOf(configuration.getConfiguration) },
    async (request) => readConfiguration(await scopeOf(request, request.params.id)),
  );

  app.put(
    configuration.saveConfiguration.path,
    { schema: schemaOf(configuration.saveConfiguration) },
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      return saveConfiguration(scope, request.body);
    },
  );

  app.get(
    configuration.listConfigurationVersions.path,
    { schema: schemaOf(configuration.listConfigurationVersions) },
    async (request) => ({
      records: await listConfigurationVersions(await scopeOf(request, request.params.id)),
    }),
  );

  app.get(
    configuration.getConfigurationVersion.path,
    { schema: schemaOf(configuration.getConfigurationVersion) },
    async (request) =>
      readConfigurationVersion(await scopeOf(request, request.params.id), request.params.version),
  );

  app.get(
    configuration.diffConfigurationVersions.path,
    { schema: schemaOf(configuration.diffConfigurationVersions) },
    async (request) =>
      diffConfigurationVersions(
        await scopeOf(request, request.params.id),
        request.params.version,
        request.query.against,
      ),
  );

  app.post(
    configuration.restoreConfigurationVersion.path,
    { schema: schemaOf(configuration.restoreConfigurationVersion) },
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      return restoreConfigurationVersion(scope, request.params.version, request.body);
    },
  );

  app.get(contract.listInvitations.path, { schema: schemaOf(contract.listInvitations) }, async (request) => ({
    records: await listInvitations(await scopeOf(request, request.params.id)),
  }));

  app.post(contract.inviteStaff.path, { schema: schemaOf(contract.inviteStaff) }, async (request, reply) => {
    const invitation = await inviteStaff(await scopeOf(request, request.params.id), request.body);
    reply.status(201);
    return invitation;
  });

  app.delete(
    contract.revokeInvitation.path,
    { schema: schemaOf(contract.revokeInvitation) },
    async (request) =>
      revokeInvitation(await scopeOf(request, request.params.id), request.params.invitationId),
  );

  app.post(contract.readInvitation.path, { schema: schemaOf(contract.readInvitation) }, async (request) =>
    readInvitation(await viewerScopeOf(request), request.body.key),
  );

  app.post(
    contract.acceptInvitation.path,
    { schema: schemaOf(contract.acceptInvitation) },
    async (request, reply) => {
      const joined = await acceptInvitation(await viewerScopeOf(request), request.body);
      if (joined.token) setSessionCookie(reply, joined.token);
      return joined;
    },
  );

  app.get(contract.listAbsences.path, { schema: schemaOf(contract.listAbsences) }, async (request) =>
    listAbsences(await scopeOf(request, request.params.id), contract.MAX_LISTED_ABSENCES),
  );

  app.post(
    contract.createAbsence.path,
    { schema: schemaOf(contract.createAbsence) },
    async (request, reply) => {
      const scope = await scopeOf(request, request.params.id);
      const created = await createAbsence(scope, request.body);
      reply.status(201);
      return created;
    },
  );

  app.delete(
    contract.deleteAbsence.path,
    { schema: schemaOf(contract.deleteAbsence) },
    async (request) =>
      await deleteAbsence(
        await scopeOf(request, request.params.id),
        request.params.absenceId,
        request.query.series === '1',
      ),
  );

  app.get(contract.listHolidays.path, { schema: schemaOf(contract.listHolidays) }, async (request) =>
    listHolidays(await scopeOf(request, request.params.id), request.query.year),
  );

  app.post(
    contract.closeHolidays.path,
    { schema: schemaOf(contract.closeHolidays) },
    async (request, reply) => {
      const scope = await scopeOf(request, request.params.id);
      const closed = await closeHolidays(scope, request.body);
      reply.status(201);
      return closed;
    },
  );

  app.get(
    contract.getAppointmentDetail.path,
    { schema: schemaOf(contract.getAppointmentDetail) },
    async (request) => readAppointment(await scopeOf(request, request.params.id), request.params.aptId),
  );

  app.post(contract.moveAppointment.path, { schema: schemaOf(contract.moveAppointment) }, async (request) => {
    const scope = await scopeOf(request, request.params.id);
    const moved = await moveAppointment(scope, request.params.aptId, {
      start: instantOf(request.body.start, scope.group, 'start'),
      calendarId: request.body.calendar_id,
      interventionId: request.body.intervention_id,
      clientAddress: request.ip,
    });
    return moved;
  });

  app.post(
    contract.bookForCustomer.path,
    { schema: schemaOf(contract.bookForCustomer) },
    async (request, reply) => {
      const scope = await scopeOf(request, request.params.id);
      const { body } = request;
      const booked = await bookFromAgenda(scope, {
        calendarId: body.calendar_id,
        interventionId: body.intervention_id,
        start: instantOf(body.start, scope.group, 'start'),
        customer: body.customer,
        comments: body.comments,
        notifyCustomer: body.notify_customer,
        overrideReason: body.override_reason,
      });
      reply.status(201);
      return booked;
    },
  );

  app.post(
    contract.cancelByStaff.path,
    { schema: schemaOf(contract.cancelByStaff) },
    async (request) =>
      await cancelByStaff(await scopeOf(request, request.params.id), request.params.aptId, {
        reason: request.body.reason,
        notifyCustomer: request.body.notify_customer,
      }),
  );

  app.get(contract.searchCustomers.path, { schema: schemaOf(contract.searchCustomers) }, async (request) => ({
    records: await searchCustomers(await scopeOf(request, request.params.id), request.query.q),
  }));

  app.get(contract.getCustomer.path, { schema: schemaOf(contract.getCustomer) }, async (request) =>
    customerFile(await scopeOf(request, request.params.id), request.params.ficheId),
  );

  app.get(
    contract.exportCustomer.path,
    { schema: schemaOf(contract.exportCustomer) },
    async (request, reply) => {
      const data = await exportCustomer(await scopeOf(request, request.params.id), request.params.ficheId);
      reply.header('content-disposition', `attachment; filename="customer-${request.params.ficheId}.json"`);
      return data;
    },
  );

  app.post(
    contract.eraseCustomer.path,
    { schema: schemaOf(contract.eraseCustomer) },
    async (request) => await eraseCustomer(await scopeOf(request, request.params.id), request.params.ficheId),
  );

  app.get(contract.getNotifications.path, { schema: schemaOf(contract.getNotifications) }, async (request) =>
    readNotifications(await scopeOf(request, request.params.id)),
  );

  app.put(contract.setNotifications.path, { schema: schemaOf(contract.setNotifications) }, async (request) =>
    setNotifications(await scopeOf(request, request.params.id), request.body),
  );
}
