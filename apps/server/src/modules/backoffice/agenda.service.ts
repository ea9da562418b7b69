/**
 * The agenda (docs/back-office.md "Agenda"): for some days in the group's time zone, the calendars
 * the caller works on, their appointments and their closures and absences.
 */
import { dayOfIsoDate, isoDateOfDay } from '@creneau/core/time/civil-day';
import { zoneOffsets } from '@creneau/core/time/zone-offsets';
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import type { AgendaCache } from './agenda-cache.ts';
import { presentAgendaAppointment } from './agenda-presenter.ts';
import * as repo from './backoffice.repository.ts';
import { type Membership, requireRight, worksOn } from './membership.service.ts';

export interface AgendaRequest {
  /** First date, YYYY-MM-DD, in the group's zone. */
  from: string;
  days: number;
  /** Narrows the calendars shown; never widens what the member works on. */
  calendarIds?: readonly number[] | undefined;
}

/**
 * The agenda as JSON, from the cache of answers while nothing in the group has changed since it was
 * read (agenda-cache.ts).
 */
export async function readAgendaAnswer(scope: Scope, request: AgendaRequest, cache: AgendaCache) {
  const member = await requireRight(scope, 'agenda.read');
  const { group } = scope;
  const key = [
    group.id,
    group.catalogue_version,
    request.from,
    request.days,
    member.calendarIds?.join('.') ?? '*',
    request.calendarIds?.join('.') ?? '*',
  ].join('|');
  return cache.get(group.id, key, () => readAgenda(scope, member, request));
}

async function readAgenda(scope: Scope, member: Membership, request: AgendaRequest) {
  const { ctx, group } = scope;
  const zone = group.settings.timezone;
  const firstDay = dayOfIsoDate(request.from);
  if (firstDay === undefined) throw errors.badRequest('Invalid query parameter "from": must be a real date');
  const endDay = firstDay + request.days;
  const offsets = zoneOffsets(zone);
  // Instants of the first local minute and of the minute after the last day (DST days included).
  const from = new Date(offsets.localDay(firstDay).start * 60_000);
  const to = new Date(offsets.localDay(endDay).start * 60_000);

  const calendars = (await repo.listCalendars(ctx.db, group.id)).filter(
    (calendar) =>
      worksOn(member, calendar.id) && (!request.calendarIds || request.calendarIds.includes(calendar.id)),
  );
  const ids = calendars.map((calendar) => calendar.id);
  const [appointments, blocks] = await Promise.all([
    repo.listAgendaAppointments(ctx.db, group.id, zone, from, to, ids),
    repo.listBlocks(
      ctx.db,
      group.id,
      `${isoDateOfDay(firstDay)} 00:00`,
      `${isoDateOfDay(endDay)} 00:00`,
      ids,
    ),
  ]);
  return {
    time_zone: zone,
    from: isoDateOfDay(firstDay),
    to: isoDateOfDay(endDay),
    calendars: calendars.map((c) => ({
      id: c.id,
      name: c.name,
      resource: c.is_resource,
      capacity: c.capacity,
    })),
    appointments: appointments.map(presentAgendaAppointment),
    blocks,
  };
}
